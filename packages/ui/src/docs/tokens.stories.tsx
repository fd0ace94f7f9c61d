import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ColorTokens, ShapeTokens } from "./token-tables";

const meta = {
  title: "品牌令牌/令牌一览",
  tags: ["!autodocs"],
  parameters: { layout: "fullscreen" },
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const Colors: Story = { name: "颜色", render: () => <ColorTokens /> };
export const Shapes: Story = { name: "圆角、阴影、层级与字体", render: () => <ShapeTokens /> };

export const SwatchesShouldShowTheLiveVariableValues: Story = {
  name: "色板应显示 CSS 变量的实时取值",
  tags: ["!autodocs"],
  render: () => <ColorTokens />,
  play: async ({ canvasElement }) => {
    const primary = canvasElement.querySelector('[data-token="--sn-primary"]');
    await expect(primary).not.toBeNull();
    const live = getComputedStyle(document.documentElement).getPropertyValue("--sn-primary").trim();
    await expect(live).toMatch(/^#[0-9a-f]{6}$/i);
    await expect(primary?.querySelector('[data-slot="value"]')).toHaveTextContent(live);
    const swatch = primary?.querySelector<HTMLElement>('[data-slot="swatch"]');
    const probe = document.createElement("div");
    probe.style.color = live;
    document.body.append(probe);
    const expected = getComputedStyle(probe).color;
    probe.remove();
    await expect(getComputedStyle(swatch as HTMLElement).backgroundColor).toBe(expected);
  },
};

export const LayersShouldBeOrderedFromContentToFloatingCards: Story = {
  name: "层级应从内容到浮层依次升高",
  tags: ["!autodocs"],
  render: () => <ShapeTokens />,
  play: async ({ canvasElement }) => {
    const values = [...canvasElement.querySelectorAll('tr[data-token] [data-slot="value"]')].map((cell) =>
      Number(cell.textContent),
    );
    await expect(values).toHaveLength(6);
    await expect([...values].sort((a, b) => a - b)).toEqual(values);
    await expect(new Set(values).size).toBe(values.length);
  },
};

export const ColorsDark: Story = {
  name: "颜色（深色）",
  render: () => <ColorTokens />,
  globals: { theme: "dark" },
};

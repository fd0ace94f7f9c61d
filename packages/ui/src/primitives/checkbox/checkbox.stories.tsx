import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { Checkbox } from "./checkbox";

const meta = {
  title: "组件/Checkbox 复选框",
  component: Checkbox,
  args: { onChange: fn(), children: "记住我" },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const Disabled: Story = { args: { disabled: true } };
export const Agreement: Story = {
  args: {
    children: (
      <>
        我已阅读并同意
        <a href="#agreement" className="text-primary underline">
          《用户协议》
        </a>
        和
        <a href="#privacy" className="text-primary underline">
          《隐私政策》
        </a>
      </>
    ),
  },
};

export const WhenLabelIsClickedShouldToggle: Story = {
  name: "点击文字时应勾选",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole("checkbox", { name: "记住我" });
    await userEvent.click(canvas.getByText("记住我"));
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenCalled();
  },
};

/** A box without text (choosing ideas for 整理成笔记): named by aria-label, 44 × 44 px on phones. */
export const BoxOnlyOnPhone: Story = {
  args: { children: undefined, "aria-label": "选择想法：周末计划" },
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
};

export const WhenOnAPhoneShouldBeA44PxTapTarget: Story = {
  name: "在手机上，文字和单独的复选框都应是 44 × 44 px 的点按区域",
  tags: ["!autodocs"],
  globals: { viewport: { value: "phoneSmall", isRotated: false } },
  render: (args) => (
    <div className="flex flex-col items-start">
      <Checkbox {...args} />
      <Checkbox aria-label="选择想法：周末计划" onChange={args.onChange} />
    </div>
  ),
  play: async ({ canvas, userEvent, args }) => {
    for (const name of ["记住我", "选择想法：周末计划"]) {
      const label = canvas.getByRole("checkbox", { name }).closest("label")!;
      const { width, height } = label.getBoundingClientRect();
      await expect({ name, width: width >= 44, height: height >= 44 }).toEqual({
        name,
        width: true,
        height: true,
      });
    }
    // a tap at the edge of the area, well off the 16 px box, ticks it
    const box = canvas.getByRole("checkbox", { name: "选择想法：周末计划" });
    const label = box.closest("label")!.getBoundingClientRect();
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: box.closest("label")!,
      coords: { x: label.x + 2, y: label.y + 2 },
    });
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenCalled();
  },
};

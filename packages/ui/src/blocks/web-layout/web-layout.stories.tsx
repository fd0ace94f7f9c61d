import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../primitives/card";
import { WebLayout } from "./web-layout";

const blocks = [
  { title: "记录一个想法…", text: "首页顶部是输入框，记录时什么都不用想，整理交给 AI。" },
  {
    title: "全部 · 想法 · 笔记",
    text: "列表混合想法与笔记，按时间倒序，可按标签筛选，向下滚动自动加载更多。",
  },
  {
    title: "为什么限制宽度",
    text: "正文行长控制在舒适的阅读范围内：窗口再宽，内容列也不超过 1200px；窗口变窄时保持 900px，页面横向滚动而不是挤压排版。",
  },
];

const meta = {
  title: "布局/WebLayout 网页布局",
  component: WebLayout,
  parameters: { layout: "fullscreen" },
  args: {
    className: "py-6",
    children: (
      <div className="flex flex-col gap-4">
        {blocks.map((block) => (
          <Card key={block.title}>
            <CardHeader>
              <CardTitle>{block.title}</CardTitle>
              <CardDescription>占位内容</CardDescription>
            </CardHeader>
            <CardContent>{block.text}</CardContent>
          </Card>
        ))}
      </div>
    ),
  },
} satisfies Meta<typeof WebLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ShouldStayBetween900And1200PixelsWide: Story = {
  name: "网页布局宽度应在 900px 至 1200px 之间",
  tags: ["!autodocs"],
  // The desktop geometry (from 1024 px); the Phone story shows the layout below it.
  parameters: { desktopOnly: true },
  render: (args) => (
    <div className="flex flex-col gap-6">
      <WebLayout {...args} data-testid="wide" />
      <section
        data-testid="narrow-frame"
        aria-label="600px 宽的窄窗口"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a scrollable frame to scroll it
        tabIndex={0}
        className="w-[600px] overflow-x-auto border border-border"
      >
        <WebLayout {...args} data-testid="narrow" />
      </section>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView!;
    await expect(view.innerWidth).toBeGreaterThanOrEqual(1200);
    await expect(canvas.getByTestId("wide").getBoundingClientRect().width).toBe(1200);
    await expect(canvas.getByTestId("narrow-frame").getBoundingClientRect().width).toBe(600);
    await expect(canvas.getByTestId("narrow").getBoundingClientRect().width).toBe(900);
    await expect(view.scrollX).toBe(0);
  },
};

export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };

export const Dark: Story = { globals: { theme: "dark" } };

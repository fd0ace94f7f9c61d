import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { MarkdownView } from "./markdown-view";

const meta = {
  title: "组件/MarkdownView 笔记预览",
  component: MarkdownView,
  args: {
    className: "w-[min(520px,calc(100vw-2rem))]",
    source:
      "# 读书笔记\n\n《置身事内》讲的是**地方政府**如何参与经济。\n\n- 土地财政\n- 招商引资\n\n> 理解中国经济，要从政府开始。\n\n详见 [豆瓣](https://book.douban.com)。",
  },
} satisfies Meta<typeof MarkdownView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Empty: Story = { args: { source: "" } };
export const Code: Story = { args: { source: "```\nconst 想法 = '拾念';\n```" } };

export const WhenSourceHasHtmlShouldShowItAsText: Story = {
  name: "内容含 HTML 时应按文字显示",
  tags: ["!autodocs"],
  args: { source: '<img src=x onerror="alert(1)">' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    await expect(canvasElement.querySelector("img")).toBeNull();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { NotebookPen, Plus, SearchX } from "lucide-react";
import { expect, fn } from "storybook/test";
import { Button } from "../button";
import { EmptyState } from "./empty-state";

const meta = {
  title: "组件/EmptyState 空状态",
  component: EmptyState,
  args: { title: "还没有想法", description: "在上方记下第一个想法吧" },
  argTypes: { size: { control: "inline-radio", options: ["sm", "md"] } },
  decorators: [
    (Story) => (
      <div className="w-[min(480px,calc(100vw-2rem))] rounded-md border border-border">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

const onCreate = fn();

export const Default: Story = {};
export const WithAction: Story = {
  args: {
    icon: <NotebookPen />,
    title: "还没有笔记",
    description: "把零散的想法整理成一篇笔记吧",
    action: (
      <Button onClick={onCreate}>
        <Plus aria-hidden />
        新建笔记
      </Button>
    ),
  },
};
export const NoResults: Story = {
  args: { icon: <SearchX />, title: "没有找到相关内容", description: "换个关键词试试" },
};
export const Small: Story = { args: { size: "sm" } };
export const WithoutIcon: Story = { args: { icon: null } };

export const WhenActionIsClickedShouldCallIt: Story = {
  ...WithAction,
  name: "点击操作按钮时应调用其回调",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    onCreate.mockClear();
    await expect(canvas.getByRole("heading", { name: "还没有笔记" })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "新建笔记" }));
    await expect(onCreate).toHaveBeenCalledTimes(1);
  },
};

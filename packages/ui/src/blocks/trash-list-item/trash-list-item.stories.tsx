import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { TrashListItem } from "./trash-list-item";

const meta = {
  title: "组件/TrashListItem 回收站条目",
  component: TrashListItem,
  args: {
    noun: "想法",
    title: "",
    preview: "周末去西湖边跑步，顺便拍几张照片。",
    deletedAt: "2026/11/20 09:30",
    purgeAt: "2026/12/20 09:30",
    daysLeft: 28,
    onRestore: fn(),
    onDeleteForever: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(720px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TrashListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idea: Story = {};
export const NoteWithTitle: Story = {
  args: {
    noun: "笔记",
    title: "跑步训练计划",
    preview: "第一周：每天慢跑 3 公里。第二周：每天慢跑 5 公里，周末长跑 10 公里，注意拉伸和补水。",
  },
};
export const Empty: Story = { args: { preview: "" } };
export const LastDays: Story = { args: { daysLeft: 2, purgeAt: "2026/11/24 09:30" } };
export const LastDay: Story = { args: { daysLeft: 0, purgeAt: "2026/11/22 09:30" } };
export const Dark: Story = { ...NoteWithTitle, globals: { theme: "dark" } };
export const Phone: Story = { ...NoteWithTitle, globals: { viewport: { value: "phone", isRotated: false } } };

export const WhenDeletingForeverShouldAskFirst: Story = {
  name: "彻底删除前应先确认，确认后才调用回调",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await expect(canvas.getByText("还剩 28 天")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "恢复" }));
    await expect(args.onRestore).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "彻底删除" }));
    await expect(args.onDeleteForever).not.toHaveBeenCalled();
    const dialog = within(canvasElement.ownerDocument.body).getByRole("alertdialog");
    await expect(dialog).toHaveTextContent("彻底删除这条想法？");
    await userEvent.click(within(dialog).getByRole("button", { name: "彻底删除" }));
    await expect(args.onDeleteForever).toHaveBeenCalledTimes(1);
  },
};

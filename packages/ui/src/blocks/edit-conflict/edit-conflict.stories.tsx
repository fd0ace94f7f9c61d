import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { EditConflict } from "./edit-conflict";

const meta = {
  title: "组件/EditConflict 编辑冲突",
  component: EditConflict,
  args: {
    heading: "这条想法已在别处修改过",
    savedAt: "2026/11/20 09:30:12",
    theirContent: "周末去西湖边跑步，顺便拍几张照片。\n记得带上水。",
    onKeepMine: fn(),
    onTakeTheirs: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(640px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof EditConflict>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idea: Story = {};
export const NoteWithTitle: Story = {
  args: {
    heading: "这篇笔记已在别处修改过",
    theirTitle: "跑步训练计划",
    theirContent: "第一周：每天慢跑 3 公里。\n第二周：每天慢跑 5 公里，周末长跑 10 公里。",
  },
};
export const Phone: Story = { ...NoteWithTitle, globals: { viewport: { value: "phone", isRotated: false } } };

export const WhenAChoiceIsMadeShouldCallIt: Story = {
  name: "点击两个选择时应分别调用其回调",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("region", { name: "另一处保存的版本" })).toHaveTextContent("记得带上水");
    await userEvent.click(canvas.getByRole("button", { name: "改用这个版本" }));
    await expect(args.onTakeTheirs).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "保留我的并覆盖" }));
    await expect(args.onKeepMine).toHaveBeenCalledTimes(1);
  },
};

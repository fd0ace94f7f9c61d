import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor } from "storybook/test";
import { Toast } from "./toast";
import { ToastViewport } from "./toast-viewport";

const meta = {
  title: "组件/Toast 轻提示",
  component: Toast,
  parameters: { layout: "fullscreen" },
  args: {
    message: "想法已移到回收站",
    actionLabel: "撤销",
    onAction: fn(),
    onDismiss: fn(),
    duration: null,
  },
  render: (args) => (
    <div className="h-[240px] bg-surface">
      <ToastViewport className="absolute">
        <Toast {...args} />
      </ToastViewport>
    </div>
  ),
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithUndo: Story = {};
export const MessageOnly: Story = { args: { message: "已恢复", actionLabel: undefined } };
export const ErrorTone: Story = {
  args: { tone: "error", message: "撤销失败：网络连接失败", actionLabel: "重试" },
};
export const Phone: Story = {
  args: { message: "笔记已移到回收站，30 天内可以在回收站恢复" },
  globals: { viewport: { value: "phone", isRotated: false } },
};
export const Dark: Story = { globals: { theme: "dark" } };

export const WhenUndoIsClickedShouldRunItAndClose: Story = {
  name: "点撤销时应执行撤销并关闭",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("想法已移到回收站");
    await userEvent.click(canvas.getByRole("button", { name: "撤销" }));
    await expect(args.onAction).toHaveBeenCalledTimes(1);
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const WhenTimeRunsOutShouldCloseButNotWhileFocused: Story = {
  name: "到时自动关闭，焦点在其中时不关闭",
  tags: ["!autodocs"],
  args: { duration: 300 },
  play: async ({ canvas, userEvent, args }) => {
    const undo = canvas.getByRole("button", { name: "撤销" });
    // reached by keyboard, it holds: a person on a screen reader has time to act
    await userEvent.tab();
    await expect(undo).toHaveFocus();
    await new Promise((r) => setTimeout(r, 600));
    await expect(args.onDismiss).not.toHaveBeenCalled();
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(args.onDismiss).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await expect(args.onAction).not.toHaveBeenCalled();
  },
};

export const WhenF8IsPressedShouldReachTheToast: Story = {
  name: "按 F8 时，焦点应跳到提示的按钮上，提示在焦点离开前不关闭",
  tags: ["!autodocs"],
  args: { duration: 300 },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.keyboard("{F8}");
    await expect(canvas.getByRole("button", { name: "撤销" })).toHaveFocus();
    await new Promise((r) => setTimeout(r, 600));
    await expect(args.onDismiss).not.toHaveBeenCalled();
    await userEvent.keyboard("{Enter}");
    await expect(args.onAction).toHaveBeenCalledTimes(1);
  },
};

export const WhenEscapeIsPressedShouldClose: Story = {
  name: "按 Esc 时应关闭",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    canvas.getByRole("button", { name: "关闭" }).focus();
    await userEvent.keyboard("{Escape}");
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

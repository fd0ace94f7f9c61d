import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, waitFor, within } from "storybook/test";
import { ConfirmDialog } from "./confirm-dialog";

const meta = {
  title: "组件/ConfirmDialog 确认对话框",
  component: ConfirmDialog,
  parameters: { layout: "fullscreen" },
  args: {
    open: true,
    tone: "danger",
    title: "删除这个想法？",
    description: "删除后无法恢复。",
    confirmLabel: "删除",
    onOpenChange: fn(),
    onConfirm: fn(),
    onCancel: fn(),
  },
  argTypes: {
    tone: { control: "inline-radio", options: ["danger", "primary"] },
    confirmLabel: { table: { defaultValue: { summary: "确认" } } },
    cancelLabel: { table: { defaultValue: { summary: "取消" } } },
  },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open);
    return (
      <ConfirmDialog
        {...args}
        open={open}
        onOpenChange={(next) => {
          args.onOpenChange(next);
          setOpen(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialogIn = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).getByRole("alertdialog", { name: "删除这个想法？" });

export const DeleteIdea: Story = {};
export const PrimaryTone: Story = {
  args: {
    tone: "primary",
    title: "退出登录？",
    description: "退出后需要重新登录才能查看你的想法。",
    confirmLabel: undefined,
  },
};
export const TitleOnly: Story = {
  args: { title: "放弃未保存的修改？", description: undefined, confirmLabel: "放弃" },
};
export const Pending: Story = { args: { pending: true } };

export const WhenConfirmIsClickedShouldCallOnConfirmAndClose: Story = {
  name: "点击确认时应调用 onConfirm 并关闭",
  tags: ["!autodocs"],
  play: async ({ userEvent, args, canvasElement }) => {
    await userEvent.click(within(dialogIn(canvasElement)).getByRole("button", { name: "删除" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const WhenCancelIsClickedShouldCallOnCancelAndClose: Story = {
  name: "点击取消时应调用 onCancel 并关闭",
  tags: ["!autodocs"],
  play: async ({ userEvent, args, canvasElement }) => {
    await userEvent.click(within(dialogIn(canvasElement)).getByRole("button", { name: "取消" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(within(canvasElement.ownerDocument.body).queryByRole("alertdialog")).toBeNull(),
    );
  },
};

export const WhenEscapeIsPressedShouldCancel: Story = {
  name: "按 Esc 时应取消",
  tags: ["!autodocs"],
  play: async ({ userEvent, args, canvasElement }) => {
    await expect(dialogIn(canvasElement)).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const WhileConfirmIsPendingShouldBeBusyAndStayOpen: Story = {
  name: "确认处理中时确认按钮应忙碌且不可点击",
  tags: ["!autodocs"],
  args: { onConfirm: fn(() => new Promise<void>(() => {})) },
  play: async ({ userEvent, args, canvasElement }) => {
    const dialog = within(dialogIn(canvasElement));
    const confirm = dialog.getByRole("button", { name: "删除" });
    await userEvent.click(confirm);
    await expect(confirm).toHaveAttribute("aria-busy", "true");
    await expect(confirm).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "取消" })).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    await expect(dialogIn(canvasElement)).toBeVisible();
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

export const WhenConfirmResolvesShouldClose: Story = {
  name: "确认成功后应关闭对话框",
  tags: ["!autodocs"],
  args: { onConfirm: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 200))) },
  play: async ({ userEvent, args, canvasElement }) => {
    const confirm = within(dialogIn(canvasElement)).getByRole("button", { name: "删除" });
    await userEvent.click(confirm);
    await expect(confirm).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
    await waitFor(() =>
      expect(within(canvasElement.ownerDocument.body).queryByRole("alertdialog")).toBeNull(),
    );
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const WhenConfirmRejectsShouldStayOpen: Story = {
  name: "确认失败时应保持打开以便重试",
  tags: ["!autodocs"],
  args: { onConfirm: fn(() => Promise.reject(new Error("网络连接失败"))) },
  play: async ({ userEvent, args, canvasElement }) => {
    const confirm = within(dialogIn(canvasElement)).getByRole("button", { name: "删除" });
    await userEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeEnabled());
    await expect(confirm).not.toHaveAttribute("aria-busy");
    await expect(dialogIn(canvasElement)).toBeVisible();
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, waitFor, within } from "storybook/test";
import { Button } from "../button";
import { Field } from "../field";
import { Input } from "../input";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";

const meta = {
  title: "组件/Dialog 对话框",
  component: Dialog,
  args: { onOpenChange: fn() },
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="secondary">编辑昵称</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>编辑昵称</DialogTitle>
          <DialogDescription>昵称会显示在你的头像旁边。</DialogDescription>
        </DialogHeader>
        <Field id="dialog-nickname" label="昵称">
          {(control) => <Input {...control} defaultValue="小念" />}
        </Field>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">取消</Button>
          </DialogClose>
          <Button>保存</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { defaultOpen: true }, parameters: { layout: "fullscreen" } };

export const WhenTheTriggerIsClickedShouldShowTheDialog: Story = {
  name: "点击触发按钮时应打开对话框并显示标题",
  tags: ["!autodocs"],
  parameters: { layout: "fullscreen" },
  play: async ({ canvas, userEvent, args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "编辑昵称" }));
    const dialog = await body.findByRole("dialog", { name: "编辑昵称" });
    await expect(dialog).toHaveAccessibleDescription("昵称会显示在你的头像旁边。");
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
  },
};

export const WhenEscapeIsPressedShouldClose: Story = {
  name: "按 Esc 时应关闭对话框",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole("button", { name: "编辑昵称" });
    await userEvent.click(trigger);
    await body.findByRole("dialog", { name: "编辑昵称" });
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveFocus();
  },
};

export const WhenTheCloseButtonIsClickedShouldClose: Story = {
  name: "点击关闭按钮时应关闭对话框",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "编辑昵称" }));
    const dialog = await body.findByRole("dialog", { name: "编辑昵称" });
    await userEvent.click(within(dialog).getByRole("button", { name: "关闭" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const WhenCancelIsClickedShouldClose: Story = {
  name: "点击取消按钮时应关闭对话框",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole("button", { name: "编辑昵称" }));
    const dialog = await body.findByRole("dialog", { name: "编辑昵称" });
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(body.queryByRole("dialog")).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Phones: the × and the footer's buttons are 44 × 44 px tap targets; the × keeps its place. */
export const OpenOnAPhoneDark: Story = {
  args: { defaultOpen: true },
  parameters: { layout: "fullscreen" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

export const OnAPhoneEveryButtonShouldBeA44PxTapTarget: Story = {
  name: "手机上，关闭按钮和底部按钮都应至少 44 × 44 px",
  tags: ["!autodocs"],
  args: { defaultOpen: true },
  parameters: { layout: "fullscreen" },
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: "编辑昵称" });
    for (const button of within(dialog).getAllByRole("button")) {
      const { width, height } = button.getBoundingClientRect();
      const name = button.getAttribute("aria-label") ?? button.textContent;
      await expect({ name, width: width >= 44, height: height >= 44 }).toEqual({
        name,
        width: true,
        height: true,
      });
    }
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { Copy, Ellipsis, Trash2 } from "lucide-react";
import { expect, fn, waitFor, within } from "storybook/test";
import { Button } from "../button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

type Args = { open?: boolean; onCopy: () => void; onDelete: () => void };

const meta = {
  title: "组件/DropdownMenu 菜单",
  parameters: { layout: "fullscreen" },
  args: { onCopy: fn(), onDelete: fn() },
  render: ({ open, onCopy, onDelete }: Args) => (
    <div className="flex h-[260px] justify-end p-4">
      <DropdownMenu defaultOpen={open} modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" aria-label="更多操作">
            <Ellipsis aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onCopy}>
            <Copy aria-hidden />
            查看原始想法
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem tone="danger" onSelect={onDelete}>
            <Trash2 aria-hidden />
            删除
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};
export const Open: Story = { args: { open: true } };
export const OpenOnPhone: Story = {
  args: { open: true },
  globals: { viewport: { value: "phone", isRotated: false } },
};
export const OpenDark: Story = { args: { open: true }, globals: { theme: "dark" } };

export const WhenAnItemIsChosenByKeyboardShouldRunIt: Story = {
  name: "用键盘选中菜单项时应执行它并关闭菜单",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const trigger = canvas.getByRole("button", { name: "更多操作" });
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await within(canvasElement.ownerDocument.body).findByRole("menu");
    await userEvent.keyboard("{ArrowDown}");
    await expect(within(menu).getByRole("menuitem", { name: "删除" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onCopy).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

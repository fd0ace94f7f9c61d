import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { TagRenameDialog } from "./tag-rename-dialog";

const meta = {
  title: "组件/TagRenameDialog 标签改名",
  component: TagRenameDialog,
  parameters: { layout: "fullscreen" },
  args: {
    open: true,
    onOpenChange: fn(),
    from: "读书",
    existing: ["读书", "读书/小说", "阅读", "灵感"],
    count: fn(async () => 12),
    onRename: fn(async () => undefined),
  },
  globals: { viewport: { value: "phone", isRotated: false } },
} satisfies Meta<typeof TagRenameDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = (canvasElement: HTMLElement) =>
  within(within(canvasElement.ownerDocument.body).getByRole("dialog"));

export const Default: Story = {};
export const Dark: Story = { globals: { theme: "dark" } };

export const WhenNextIsClickedShouldSayHowManyItemsChangeBeforeRenaming: Story = {
  name: "点下一步时，应先说明会改动多少条，确认后才改名",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    const dialog = dialogOf(canvasElement);
    const input = dialog.getByRole("textbox", { name: "新名称" });
    await userEvent.clear(input);
    await userEvent.type(input, "书籍");
    await userEvent.click(dialog.getByRole("button", { name: "下一步" }));
    await expect(args.count).toHaveBeenCalledWith("书籍");
    await expect(await dialog.findByText(/将把 12 条内容的「读书」改为「书籍」/)).toBeVisible();
    await expect(dialog.getByText("正文里写的 #读书 也会一起改写；原始想法保持原样。")).toBeVisible();
    await expect(args.onRename).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole("button", { name: "确认改名" }));
    await expect(args.onRename).toHaveBeenCalledWith("书籍");
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const WhenTheNewNameExistsShouldOfferToMerge: Story = {
  name: "新名称已存在时，应提示合并",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent }) => {
    const dialog = dialogOf(canvasElement);
    const input = dialog.getByRole("textbox", { name: "新名称" });
    await userEvent.clear(input);
    await userEvent.type(input, "阅读");
    await userEvent.click(dialog.getByRole("button", { name: "下一步" }));
    await expect(await dialog.findByText(/合并到已有的「阅读」/)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "确认合并" })).toBeEnabled();
  },
};

export const WhenTheNameIsWrongShouldSayWhyAndAskNothing: Story = {
  name: "名称不对时，应说明原因，不向服务器询问",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    const dialog = dialogOf(canvasElement);
    const input = dialog.getByRole("textbox", { name: "新名称" });
    await userEvent.clear(input);
    await userEvent.type(input, "阅读//小说");
    await userEvent.click(dialog.getByRole("button", { name: "下一步" }));
    await expect(dialog.getByText("标签的每一级都不能为空，也不能以空格开头或结尾")).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(args.count).not.toHaveBeenCalled();
  },
};

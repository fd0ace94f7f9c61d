import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor } from "storybook/test";
import { SelectionBar } from "./selection-bar";

const meta = {
  title: "组件/SelectionBar 批量操作",
  component: SelectionBar,
  args: {
    count: 3,
    chosenTags: ["跑步", "读书/小说"],
    suggestedTags: ["跑步", "读书", "灵感", "工作/周报"],
    composeNote: "AI 整理，消耗 5 点",
    validateTag: (tag: string) => (/^[\p{L}\p{N}/]+$/u.test(tag) ? null : "标签只能含文字和数字，用 / 分级"),
    onCancel: fn(),
    onDelete: fn(),
    onAddTag: fn(),
    onRemoveTag: fn(),
    onCompose: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(42rem,calc(100vw-2rem))] bg-background">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SelectionBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NothingChosen: Story = { args: { count: 0, chosenTags: [] } };
export const NoteChosen: Story = {
  args: { composeBlocked: "只有想法能整理成笔记，已选的里面有笔记" },
};
export const Busy: Story = { args: { busy: "add-tag" } };
/** The most that can be chosen are: the count line says so, in the live region. */
export const WhenFullShouldSaySo: Story = {
  name: "选满时应在数量旁说明不能再选",
  args: { count: 100, full: "最多选 100 条" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/已选/)).toHaveTextContent("已选 100 条（最多选 100 条）");
    await expect(canvas.getByText(/已选/)).toHaveAttribute("aria-live", "polite");
  },
};
export const WithError: Story = { args: { error: "2 条未能修改：这条想法已在别处修改过" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  args: { composeBlocked: "只有想法能整理成笔记，已选的里面有笔记" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
export const Dark: Story = { globals: { theme: "dark" } };

export const AddTagOpen: Story = {
  name: "加标签对话框",
  parameters: { layout: "fullscreen" },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "加标签" }));
    await expect(await screen.findByRole("dialog", { name: "加标签" })).toBeVisible();
  },
};

export const WhenATagIsTypedShouldAddItToAll: Story = {
  name: "输入标签并添加时应交给 onAddTag（去掉开头的 #）",
  tags: ["!autodocs"],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "加标签" }));
    const box = await screen.findByRole("textbox", { name: "标签" });
    await userEvent.type(box, "读 书");
    await userEvent.click(screen.getByRole("button", { name: "添加" }));
    await expect(box).toHaveAccessibleDescription("标签只能含文字和数字，用 / 分级");
    await expect(args.onAddTag).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, "#读书/小说{Enter}");
    await expect(args.onAddTag).toHaveBeenCalledWith("读书/小说");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  },
};

export const WhenASuggestionIsTappedShouldAddIt: Story = {
  name: "点常用标签时应直接添加",
  tags: ["!autodocs"],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "加标签" }));
    await userEvent.click(await screen.findByRole("button", { name: "灵感" }));
    await expect(args.onAddTag).toHaveBeenCalledWith("灵感");
  },
};

export const WhenATagIsChosenToRemoveShouldCallIt: Story = {
  name: "去标签时应列出已选内容的标签，选中即去掉",
  tags: ["!autodocs"],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "去标签" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "#读书/小说" }));
    await expect(args.onRemoveTag).toHaveBeenCalledWith("读书/小说");
  },
};

export const WhenNothingIsChosenShouldWait: Story = {
  name: "一条都没选时各操作应不可用",
  tags: ["!autodocs"],
  args: { count: 0, chosenTags: [] },
  play: async ({ canvas }) => {
    for (const name of ["删除", "加标签", "去标签", "整理成笔记"]) {
      await expect(canvas.getByRole("button", { name })).toBeDisabled();
    }
  },
};

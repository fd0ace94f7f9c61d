import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, waitFor, within } from "storybook/test";
import type { ConversationSummary } from "./conversation-item";
import { ConversationList, type ConversationListProps } from "./conversation-list";

const now = new Date("2026-06-15T06:30:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

const conversations: ConversationSummary[] = [
  { id: "c1", title: "最近关于读书的想法", updatedAt: minutesAgo(3) },
  { id: "c2", title: "周末计划怎么安排", updatedAt: minutesAgo(95) },
  { id: "c3", title: "整理产品设计笔记", updatedAt: minutesAgo(26 * 60) },
  { id: "c4", title: null, updatedAt: minutesAgo(4 * 24 * 60) },
  { id: "c5", title: "年度目标复盘", updatedAt: minutesAgo(200 * 24 * 60) },
];

function StatefulList({ conversations: initial, onRename, onDelete, ...args }: ConversationListProps) {
  const [items, setItems] = React.useState(initial);
  return (
    <ConversationList
      {...args}
      conversations={items}
      onRename={(id, title) => {
        onRename(id, title);
        setItems((list) => list.map((item) => (item.id === id ? { ...item, title } : item)));
      }}
      onDelete={(id) => {
        onDelete(id);
        setItems((list) => list.filter((item) => item.id !== id));
      }}
    />
  );
}

const meta = {
  title: "组件/ConversationList 对话列表",
  component: ConversationList,
  args: {
    conversations,
    activeId: "c2",
    now,
    onSelect: fn(),
    onCreate: fn(),
    onRename: fn(),
    onDelete: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[280px]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConversationList>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowOf = (canvasElement: HTMLElement, title: RegExp) => {
  const select = within(canvasElement).getByRole("button", { name: title });
  const row = select.closest("li");
  if (!row) throw new Error("对话行不存在");
  return within(row);
};
const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Default: Story = {};
export const Empty: Story = { args: { conversations: [], activeId: undefined } };
export const Loading: Story = { args: { conversations: [], loading: true } };
export const LongTitles: Story = {
  args: {
    activeId: "l1",
    conversations: [
      {
        id: "l1",
        title: "帮我把这个月所有关于读书和写作的想法整理成一份可以直接发给朋友的清单",
        updatedAt: minutesAgo(8),
      },
      {
        id: "l2",
        title: "为什么我总是在周日晚上才想起来这周本来要做的那些事情",
        updatedAt: minutesAgo(3 * 60),
      },
      { id: "l3", title: "短标题", updatedAt: minutesAgo(30 * 60) },
    ],
  },
};

export const WhenARowIsClickedShouldSelectIt: Story = {
  name: "点击对话时，应以对话 id 调用 onSelect，当前对话标为 aria-current",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("button", { name: /^周末计划怎么安排/ })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const other = canvas.getByRole("button", { name: /^整理产品设计笔记/ });
    await expect(other).not.toHaveAttribute("aria-current");
    await userEvent.click(other);
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
    await expect(args.onSelect).toHaveBeenCalledWith("c3");
  },
};

export const WhenNewIsClickedShouldCreate: Story = {
  name: "点击新对话时，应调用 onCreate",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "新对话" }));
    await expect(args.onCreate).toHaveBeenCalledTimes(1);
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

export const WhenRenamedWithEnterShouldSaveTheTrimmedTitle: Story = {
  name: "重命名后按 Enter，应以去掉首尾空格的标题调用 onRename",
  tags: ["!autodocs"],
  render: (args) => <StatefulList {...args} />,
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^整理产品设计笔记/).getByRole("button", { name: /^重命名/ }));
    const input = canvas.getByRole("textbox", { name: "对话标题" });
    await expect(input).toHaveFocus();
    await expect(input).toHaveValue("整理产品设计笔记");
    await userEvent.clear(input);
    await userEvent.type(input, "  设计笔记精选  {Enter}");
    await expect(args.onRename).toHaveBeenCalledTimes(1);
    await expect(args.onRename).toHaveBeenCalledWith("c3", "设计笔记精选");
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await expect(canvas.getByRole("button", { name: /^设计笔记精选/ })).toHaveFocus();
  },
};

export const WhenEscapeIsPressedShouldCancelTheRename: Story = {
  name: "重命名时按 Esc，应取消且不调用 onRename",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^年度目标复盘/).getByRole("button", { name: /^重命名/ }));
    const input = canvas.getByRole("textbox", { name: "对话标题" });
    await userEvent.type(input, "（草稿）");
    await userEvent.keyboard("{Escape}");
    await expect(canvas.queryByRole("textbox")).toBeNull();
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(canvas.getByRole("button", { name: /^年度目标复盘/ })).toHaveFocus();
  },
};

export const WhenTheTitleIsBlankShouldKeepEditing: Story = {
  name: "标题为空时按 Enter，应保持编辑并提示，不保存",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^周末计划怎么安排/).getByRole("button", { name: /^重命名/ }));
    const input = canvas.getByRole("textbox", { name: "对话标题" });
    await userEvent.clear(input);
    await userEvent.type(input, "   {Enter}");
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(canvas.getByRole("textbox", { name: "对话标题" })).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveFocus();
  },
};

export const WhenEnterIsPressedDuringImeCompositionShouldNotSaveTheTitle: Story = {
  name: "重命名时输入法组字按 Enter，不应保存",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^年度目标复盘/).getByRole("button", { name: /^重命名/ }));
    const input = canvas.getByRole("textbox", { name: "对话标题" });
    await userEvent.type(input, "2026");
    input.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true, data: "" }));
    input.dispatchEvent(
      new KeyboardEvent("keydown", { key: "Enter", isComposing: true, bubbles: true, cancelable: true }),
    );
    await expect(args.onRename).not.toHaveBeenCalled();
    await expect(canvas.getByRole("textbox", { name: "对话标题" })).toBeVisible();
    input.dispatchEvent(new CompositionEvent("compositionend", { bubbles: true, data: "" }));
    await userEvent.keyboard("{Enter}");
    await expect(args.onRename).toHaveBeenCalledWith("c5", "年度目标复盘2026");
  },
};

export const WhenATitleIsTooLongShouldStopAtFiftyCharacters: Story = {
  name: "重命名时，标题最多 50 个字",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^年度目标复盘/).getByRole("button", { name: /^重命名/ }));
    const input = canvas.getByRole("textbox", { name: "对话标题" });
    await userEvent.clear(input);
    await userEvent.type(input, `${"想".repeat(60)}{Enter}`);
    await expect(args.onRename).toHaveBeenCalledWith("c5", "想".repeat(50));
  },
};

export const WhenDeleteIsConfirmedShouldCallOnDelete: Story = {
  name: "点击删除并确认后，应以对话 id 调用 onDelete",
  tags: ["!autodocs"],
  render: (args) => <StatefulList {...args} />,
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^整理产品设计笔记/).getByRole("button", { name: /^删除/ }));
    await expect(args.onDelete).not.toHaveBeenCalled();
    const dialog = body(canvasElement).getByRole("alertdialog", { name: "删除这个对话？" });
    await expect(dialog).toHaveTextContent("对话中的消息将一并删除，无法恢复。");
    await userEvent.click(within(dialog).getByRole("button", { name: "删除" }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).toHaveBeenCalledWith("c3");
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    await expect(canvas.queryByRole("button", { name: /^整理产品设计笔记/ })).toBeNull();
  },
};

export const WhenDeleteIsCancelledShouldNotDelete: Story = {
  name: "删除确认框中点击取消时，不应调用 onDelete",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    await userEvent.click(rowOf(canvasElement, /^最近关于读书的想法/).getByRole("button", { name: /^删除/ }));
    const dialog = body(canvasElement).getByRole("alertdialog", { name: "删除这个对话？" });
    await userEvent.click(within(dialog).getByRole("button", { name: "取消" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("alertdialog")).toBeNull());
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

export const WhenUntitledShouldShowTheUntitledLabel: Story = {
  name: "没有标题的对话，应显示“未命名对话”",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: /^未命名对话/ })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "重命名 未命名对话" })).toBeInTheDocument();
  },
};

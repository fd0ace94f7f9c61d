import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn } from "storybook/test";
import { preloadMarkdown } from "../markdown-view";
import { type ChatCitation, ChatMessage } from "./chat-message";

const citations: ChatCitation[] = [
  { type: "idea", id: "idea-1", title: "产品设计的好点子", href: "/ideas/idea-1" },
  { type: "note", id: "note-1", title: "《置身事内》读书笔记", href: "/notes/note-1" },
];

/** As the server saves them: each with the n of its [n] (here the answer cited sources 2 and 4 of 5). */
const numbered: ChatCitation[] = [
  { type: "idea", id: "idea-2", title: "晚上跑步五公里", href: "/ideas/idea-2", ref: 2 },
  { type: "note", id: "note-4", title: "《三体》读书笔记", href: "/notes/note-4", ref: 4 },
];
const citedAnswer =
  "上个月你读完了《三体》[4]，也开始晚上跑步 [2]。\n\n在代码里 `[2]` 只是文字，[9] 没有这条资料也只是文字。";

const answer =
  "根据你的记录，有两点值得注意：\n\n- **记录和整理分开**：记录时什么都不用想\n- 整理交给 AI 在后台完成\n\n可以先用 `#灵感` 标签把相关想法归到一起。";

const preventNavigation = (event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault();

const meta = {
  title: "组件/ChatMessage 对话消息",
  component: ChatMessage,
  args: { author: "assistant", content: answer },
  argTypes: {
    author: { control: "inline-radio", options: ["user", "assistant"] },
    status: { control: "inline-radio", options: ["streaming", "done", "stopped", "error"] },
  },
  decorators: [
    (Story) => (
      <div className="w-[min(640px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
  // Answers are Markdown, whose parser is a lazily loaded chunk: wait for it before rendering.
  loaders: [
    async () => {
      await preloadMarkdown();
    },
  ],
} satisfies Meta<typeof ChatMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const User: Story = {
  args: { author: "user", content: "我之前记过哪些关于产品设计的想法？\n帮我总结一下。" },
};

export const AssistantDone: Story = {
  args: { citations, points: 2, onNavigateCitation: fn() },
};

export const StreamingEmpty: Story = { args: { status: "streaming", content: "" } };

export const StreamingPartial: Story = {
  args: {
    status: "streaming",
    content: "根据你的记录，有两点值得注意：\n\n- **记录和整理分开**：记录时什么都不用想\n- 整理交给 AI",
  },
};

export const Stopped: Story = {
  args: { status: "stopped", content: "根据你的记录，有两点值得注意：记录和整理", points: 1 },
};

export const ErrorWithRetry: Story = { args: { status: "error", content: "", onRetry: fn() } };

export const Offline: Story = {
  args: {
    offline: true,
    points: 0,
    content: "在你的想法和笔记里找到 2 条相关内容：\n\n1. 产品设计的好点子\n2. 《置身事内》读书笔记",
    citations,
    onNavigateCitation: fn(),
  },
};

export const WithTimeFilter: Story = {
  args: {
    points: 2,
    scope: "上个月（2026年10月1日—10月31日）",
    content: "上个月你主要在想两件事：读完了《三体》[1]，以及开始晚上跑步 [2]。",
    citations,
    onNavigateCitation: fn(),
  },
};

export const WithInlineCitations: Story = {
  args: { points: 2, content: citedAnswer, citations: numbered, onNavigateCitation: fn(preventNavigation) },
};

export const RecentWithSearchAll: Story = {
  args: {
    points: 2,
    scope: "最近 30 天（2026年10月17日—11月15日）",
    onWiden: fn(),
    content: "最近 30 天里，你在读《百年孤独》[1]。",
    citations: [{ type: "idea", id: "idea-1", title: "最近在读《百年孤独》", href: "/ideas/idea-1", ref: 1 }],
    onNavigateCitation: fn(preventNavigation),
  },
};

export const LongParagraph: Story = {
  args: {
    points: 3,
    content:
      "很多时候我们以为自己记住了，其实只是当时理解了。理解和记住是两回事：理解发生在当下，记住需要反复提取。" +
      "所以记录的意义不在于保存，而在于给未来的自己留一个可以重新进入当时思考的入口。" +
      "一个好的记录工具应该让记录足够轻，让整理足够自动，让回顾足够自然。" +
      "如果记录需要先想好分类、标签和标题，很多灵感就在这一步被放弃了。" +
      "从你过去三个月的想法来看，你反复提到“先记下来再说”，这说明你更在意记录的速度而不是一开始的结构。",
  },
};

export const WhenCitationIsClickedShouldNavigateToIt: Story = {
  name: "点击引用时，应以该引用调用 onNavigateCitation",
  tags: ["!autodocs"],
  args: { citations, points: 2, onNavigateCitation: fn(preventNavigation) },
  play: async ({ canvas, userEvent, args }) => {
    const list = canvas.getByRole("list", { name: "引用" });
    await expect(list.querySelectorAll("a")).toHaveLength(2);
    await userEvent.click(canvas.getByRole("link", { name: /^2\s*笔记：\s*《置身事内》读书笔记$/ }));
    await expect(args.onNavigateCitation).toHaveBeenCalledTimes(1);
    await expect(args.onNavigateCitation).toHaveBeenCalledWith(expect.anything(), citations[1]);
  },
};

export const WhenAnInlineMarkerIsClickedShouldOpenTheSourceItNames: Story = {
  name: "点击回答正文里的 [4]，应打开它所指的那条资料，编号与下方引用一致",
  tags: ["!autodocs"],
  args: { ...WithInlineCitations.args },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const marker = canvas.getByRole("link", { name: "引用 4：笔记：《三体》读书笔记" });
    await expect(marker).toHaveTextContent("[4]");
    await expect(marker).toHaveAttribute("href", "/notes/note-4");
    await userEvent.click(marker);
    await expect(args.onNavigateCitation).toHaveBeenCalledWith(expect.anything(), numbered[1]);
    // the chips carry the same numbers as the text
    const chips = canvas.getByRole("list", { name: "引用" });
    await expect(chips).toHaveTextContent(/^2.*晚上跑步五公里.*4.*《三体》读书笔记$/);
    // inside code, and a number no source has, [n] stays text
    const bubble = canvasElement.querySelector("[data-slot=chat-message-bubble]") as HTMLElement;
    await expect(bubble.querySelectorAll("[data-slot=markdown-citation]")).toHaveLength(2);
    await expect(bubble.querySelector("code")).toHaveTextContent("[2]");
  },
};

export const WhenSearchAllIsClickedShouldAskAgainOverEverything: Story = {
  name: "只参考了最近 30 天时，点击“搜索全部”应调用 onWiden",
  tags: ["!autodocs"],
  args: { ...RecentWithSearchAll.args },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText("只参考最近 30 天（2026年10月17日—11月15日）的记录")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "搜索全部" }));
    await expect(args.onWiden).toHaveBeenCalledTimes(1);
  },
};

export const WhenRetryIsClickedShouldCallOnRetry: Story = {
  name: "回答失败时，点击“重试”应调用 onRetry",
  tags: ["!autodocs"],
  args: { ...ErrorWithRetry.args },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText("回答失败，点数已退还")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "重试" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const WhenStreamingShouldBeBusy: Story = {
  name: "生成中且还没有内容时，应标记 aria-busy 并显示“正在思考…”",
  tags: ["!autodocs"],
  args: { ...StreamingEmpty.args },
  play: async ({ canvas }) => {
    const article = canvas.getByRole("article", { name: "AI 回答" });
    await expect(article).toHaveAttribute("aria-busy", "true");
    await expect(article).toHaveAttribute("data-state", "streaming");
    await expect(canvas.getByText("正在思考…")).toBeVisible();
  },
};

export const WhenStreamingTextShouldEndWithACaret: Story = {
  name: "生成中且已有内容时，应在最后一段文字末尾显示光标",
  tags: ["!autodocs"],
  args: { ...StreamingPartial.args },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("article", { name: "AI 回答" })).toHaveAttribute("aria-busy", "true");
    const [intro, first, last] = canvasElement.querySelectorAll("[data-slot=markdown-view] :is(p, li)");
    const caretOf = (element: Element | undefined) => getComputedStyle(element as Element, "::after").content;
    await expect(last).toHaveTextContent("整理交给 AI");
    await expect(caretOf(last)).toContain("▍");
    await expect(caretOf(intro)).toBe("none");
    await expect(caretOf(first)).toBe("none");
    await expect(canvas.queryByText("正在思考…")).toBeNull();
  },
};

export const WhenDoneShouldNotBeBusyAndShowPoints: Story = {
  name: "回答完成时，不应标记 aria-busy，并显示消耗的点数",
  tags: ["!autodocs"],
  args: { points: 2 },
  play: async ({ canvas }) => {
    const article = canvas.getByRole("article", { name: "AI 回答" });
    await expect(article).not.toHaveAttribute("aria-busy");
    await expect(canvas.getByText("消耗 2 点")).toBeVisible();
  },
};

export const WhenOfflineShouldSayNoPointsAreUsed: Story = {
  name: "本地模式下，页脚应显示“本地模式 · 不消耗点数”",
  tags: ["!autodocs"],
  args: { ...Offline.args },
  play: async ({ canvasElement }) => {
    const footer = canvasElement.querySelector("[data-slot=chat-message-footer]");
    await expect(footer).toHaveTextContent("本地模式 · 不消耗点数");
  },
};

const hostile = '<script>window.__pwned = true</script>\n\n<img src=x onerror="window.__pwned = true">';

export const WhenAssistantContentHasHtmlShouldShowItAsText: Story = {
  name: "AI 回答含 HTML 时，应按文字显示而不创建元素",
  tags: ["!autodocs"],
  args: { content: hostile },
  play: async ({ canvas, canvasElement }) => {
    const bubble = canvasElement.querySelector("[data-slot=chat-message-bubble]") as HTMLElement;
    await expect(canvas.getByText("<script>window.__pwned = true</script>")).toBeVisible();
    await expect(bubble).toHaveTextContent('<img src=x onerror="window.__pwned = true">');
    await expect(bubble.querySelector("script, img")).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

export const WhenUserContentHasHtmlShouldShowItAsText: Story = {
  name: "提问含 HTML 时，应按原样文字显示并保留换行",
  tags: ["!autodocs"],
  args: { author: "user", content: hostile },
  play: async ({ canvas, canvasElement }) => {
    const bubble = canvasElement.querySelector("[data-slot=chat-message-bubble]") as HTMLElement;
    await expect(canvas.getByRole("article", { name: "你的提问" })).toContainElement(bubble);
    await expect(bubble.textContent).toBe(hostile);
    await expect(bubble.querySelector("script, img")).toBeNull();
    await expect(getComputedStyle(bubble).whiteSpace).toBe("pre-wrap");
  },
};

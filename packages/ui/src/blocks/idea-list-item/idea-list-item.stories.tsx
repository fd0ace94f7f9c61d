// Over 300 lines on purpose: one story per visible state of the feed's card (lengths, Markdown,
// pictures, voice, highlights, selection, sync states), each with its play function where it acts.
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, waitFor } from "storybook/test";
import { ImageGrid } from "../image-grid";
import { sampleImages } from "../image-grid/sample-images";
import { IdeaListItem } from "./idea-list-item";

const now = new Date("2026-06-15T06:30:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

const meta = {
  title: "组件/IdeaListItem 想法列表项",
  component: IdeaListItem,
  args: {
    now,
    onOpen: fn(),
    idea: {
      id: "idea-1",
      title: "产品设计的好点子",
      snippet:
        "今天想到一个关于产品设计的好点子：把记录和整理分开，记录时什么都不用想，整理交给 AI 在后台完成。",
      tags: ["产品", "灵感"],
      createdAt: minutesAgo(12),
    },
  },
  decorators: [
    (Story) => (
      <div className="w-[min(680px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof IdeaListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** An idea with pictures: their thumbnails under the text. */
export const WithImages: Story = {
  args: {
    media: (
      <ImageGrid
        images={sampleImages.slice(0, 3).map((src, i) => ({ id: `img-${i}`, src, alt: `图片 ${i + 1}` }))}
      />
    ),
  },
};

export const Untitled: Story = {
  args: {
    idea: {
      id: "idea-2",
      title: null,
      snippet: "地铁上看到的广告文案很妙\n“慢一点，也是一种前进”。可以用在周报的开头。",
      tags: ["文案"],
      createdAt: minutesAgo(3 * 60),
    },
  },
};

export const Pinned: Story = {
  args: {
    idea: {
      id: "idea-3",
      title: "年度目标",
      snippet: "读完 24 本书；每周运动三次；学会做五道家常菜。",
      tags: ["目标"],
      createdAt: minutesAgo(45),
      pinned: true,
    },
  },
};

export const WithAnnotations: Story = {
  args: {
    idea: {
      id: "idea-annotated",
      title: "学陶艺",
      snippet: "周末去工作室学拉坯。",
      tags: ["陶艺"],
      createdAt: minutesAgo(45),
      annotationCount: 3,
    },
  },
};

export const AiPending: Story = {
  args: {
    idea: {
      id: "idea-4",
      title: null,
      snippet: "周末想去山里走走 顺便拍点照片 记得带三脚架",
      tags: [],
      createdAt: minutesAgo(0.5),
      aiStatus: "pending",
    },
  },
};

/** Its words are an AI tidy (自动整理 or AI 整理): the card says so. */
export const Tidied: Story = {
  args: {
    idea: {
      id: "idea-tidied",
      title: "周末进山拍照",
      snippet: "周末想去山里走走，顺便拍些照片，记得带三脚架。",
      tags: ["摄影"],
      createdAt: minutesAgo(30),
      aiStatus: "done",
      tidied: true,
    },
  },
};
export const TidiedAndPinnedDark: Story = {
  args: { idea: { ...Tidied.args!.idea!, pinned: true } },
  globals: { theme: "dark" },
};

/** Captured offline: kept on the device until the network returns. */
export const PendingSync: Story = {
  args: {
    idea: {
      id: "idea-offline",
      title: null,
      snippet: "地铁上没信号时想到的：周报可以改成三句话",
      tags: [],
      createdAt: minutesAgo(2),
      syncState: "pending",
    },
  },
};

export const RefusedSync: Story = {
  args: { idea: { ...PendingSync.args!.idea!, syncState: "refused" } },
};

export const AiFailed: Story = {
  args: {
    idea: {
      id: "idea-5",
      title: null,
      snippet: "会议纪要：下周一前确定首页改版方案，设计稿周三评审。",
      tags: ["工作"],
      createdAt: minutesAgo(5),
      aiStatus: "failed",
    },
  },
};

export const WithHighlights: Story = {
  args: {
    highlights: { terms: ["产品", "设计"] },
    idea: {
      id: "idea-6",
      title: "产品设计的好点子",
      snippet: "今天想到一个关于产品设计的好点子：好的设计让人感觉不到设计本身。",
      tags: ["产品", "设计"],
      createdAt: minutesAgo(2 * 60),
    },
  },
};

/** A search hit with none of the query's words, found by meaning (embeddings). */
export const FoundByMeaning: Story = {
  args: {
    foundByMeaning: true,
    idea: {
      id: "idea-9",
      title: null,
      snippet: "又失眠到三点，半夜醒来好几次，明天试试睡前不看手机。",
      tags: ["睡眠"],
      createdAt: minutesAgo(3 * 24 * 60),
    },
  },
};

export const ManyTags: Story = {
  args: {
    idea: {
      id: "idea-7",
      title: "读书清单",
      snippet: "下个月想读的书，按优先级排列。",
      tags: ["读书", "清单", "心理学", "历史", "经济学", "写作", "效率", "习惯", "哲学", "科幻"],
      createdAt: minutesAgo(20 * 60),
    },
    onTagClick: fn(),
    selectedTag: "心理学",
  },
};

export const LongText: Story = {
  args: {
    idea: {
      id: "idea-8",
      title: "关于“记录”这件事的一些长长的思考，标题本身也很长，需要在两行之内截断以保持列表整齐",
      snippet:
        "很多时候我们以为自己记住了，其实只是当时理解了。理解和记住是两回事：理解发生在当下，记住需要反复提取。" +
        "所以记录的意义不在于保存，而在于给未来的自己留一个可以重新进入当时思考的入口。" +
        "一个好的记录工具应该让记录足够轻，让整理足够自动，让回顾足够自然。" +
        "如果记录需要先想好分类、标签和标题，很多灵感就在这一步被放弃了。",
      tags: ["思考", "工具"],
      createdAt: minutesAgo(7 * 60),
    },
  },
};

/** A memo written in Markdown (as flomo exports them): bold, lists, a task, a quote and links, rendered, never raw. */
export const Markdown: Story = {
  args: {
    idea: {
      id: "idea-md",
      title: null,
      snippet:
        "周末计划，**一定要早起**：\n- 去西湖边跑步\n- 看*一部*电影\n- [x] ~~买跑鞋~~\n\n> 慢一点，也是一种前进\n\n参考[这篇文章](https://example.com/run)和 https://example.com/plan",
      tags: ["跑步"],
      createdAt: minutesAgo(40),
    },
    onTagClick: fn(),
  },
};

/** A long memo: cut after a few lines, with 展开 to read it in place. */
export const LongMemo: Story = {
  args: {
    idea: {
      id: "idea-long",
      title: null,
      snippet: Array.from(
        { length: 14 },
        (_, i) => `第 ${i + 1} 条：今天读到的一句话，值得反复想一想，也想记下当时的心情和周围的样子。`,
      ).join("\n"),
      tags: ["读书"],
      createdAt: minutesAgo(90),
    },
  },
};

/** On a list of ideas only (the 想法 tab) the card needs no 想法 badge. */
export const IdeasOnly: Story = {
  args: { ...Default.args, showKind: false },
};

/** Choosing ideas for 整理成笔记: a chosen card is outlined, and the card is a toggle. */
export const Selected: Story = {
  args: { ...Untitled.args, selected: true },
};

export const WhenExpandIsClickedShouldShowTheWholeMemoInPlace: Story = {
  name: "点击展开时，应在原地显示全文而不打开想法；收起后复原",
  tags: ["!autodocs"],
  args: { ...LongMemo.args },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const text = canvasElement.querySelector<HTMLElement>("[data-slot=feed-item-snippet]")!;
    const expand = await canvas.findByRole("button", { name: "展开" });
    await expect(expand).toHaveAttribute("aria-expanded", "false");
    await expect(text.scrollHeight).toBeGreaterThan(text.clientHeight);
    const collapsed = text.clientHeight;
    await userEvent.click(expand);
    await expect(canvas.getByRole("button", { name: "收起" })).toHaveAttribute("aria-expanded", "true");
    await expect(text.clientHeight).toBeGreaterThan(collapsed);
    await expect(text.scrollHeight).toBeLessThanOrEqual(text.clientHeight);
    await expect(args.onOpen).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "收起" }));
    await expect(text.clientHeight).toBe(collapsed);
  },
};

export const WhenCollapsedTabShouldSkipTheLinksItHides: Story = {
  name: "折叠时，Tab 不应停在被遮住的链接上；展开后可以",
  tags: ["!autodocs"],
  args: {
    idea: {
      ...LongMemo.args!.idea!,
      snippet: `开头的[可见链接](https://example.com/top)\n${LongMemo.args!.idea!.snippet}\n末尾的[隐藏链接](https://example.com/end)`,
    },
  },
  play: async ({ canvas, userEvent }) => {
    const expand = await canvas.findByRole("button", { name: "展开" });
    const shown = canvas.getByRole("link", { name: "可见链接" });
    shown.focus();
    await userEvent.tab();
    await expect(expand).toHaveFocus();
    await userEvent.click(expand);
    // the tab order follows the size change, which a ResizeObserver reports a frame later
    const hidden = canvas.getByRole("link", { name: "隐藏链接" });
    await waitFor(() => expect(hidden).not.toHaveAttribute("tabindex"));
    await userEvent.tab({ shift: true });
    await expect(hidden).toHaveFocus();
  },
};

export const OnAPhoneExpandShouldNotOverlapTheTags: Story = {
  name: "手机上，展开的点按区域不应与标签的点按区域重叠",
  tags: ["!autodocs"],
  args: { ...LongMemo.args, onTagClick: fn() },
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    const expand = await canvas.findByRole("button", { name: "展开" });
    const box = expand.getBoundingClientRect();
    await expect(box.height).toBeGreaterThanOrEqual(44);
    // every point of its box answers to 展开, none to the tag below it
    for (const y of [box.top + 1, box.bottom - 1])
      await expect(canvasElement.ownerDocument.elementFromPoint(box.left + 5, y)).toBe(expand);
  },
};

export const WhenShortShouldOfferNoExpand: Story = {
  name: "正文不长时，不应出现展开",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button", { name: "展开" })).toBeNull();
  },
};

export const WhenMarkdownShouldRenderItAndNeverShowTheMarks: Story = {
  name: "Markdown 应渲染为粗体、列表和链接，不出现 **、- 或 [文字](网址)",
  tags: ["!autodocs"],
  args: { ...Markdown.args },
  play: async ({ canvas, canvasElement }) => {
    const text = canvasElement.querySelector("[data-slot=feed-item-snippet]")!;
    await expect(text.querySelector("strong")).toHaveTextContent("一定要早起");
    await expect([...text.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "去西湖边跑步",
      "看一部电影",
      "买跑鞋",
    ]);
    await expect(canvas.getByRole("link", { name: "这篇文章" })).toHaveAttribute(
      "href",
      "https://example.com/run",
    );
    await expect(canvas.getByRole("link", { name: "https://example.com/plan" })).toBeVisible();
    await expect(text.textContent).not.toMatch(/\*\*|~~|\]\(|^- /m);
  },
};

export const WhenALinkIsClickedShouldNotOpenTheCard: Story = {
  name: "点击正文里的链接时，应打开链接而不打开想法",
  tags: ["!autodocs"],
  args: { ...Markdown.args },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const link = canvas.getByRole("link", { name: "这篇文章" });
    await expect(link).toHaveAttribute("target", "_blank");
    // the link is what a pointer at it reaches, above the card's open button
    const box = link.getBoundingClientRect();
    await expect(
      canvasElement.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2),
    ).toBe(link);
    // a click that would navigate away is stopped here, after the card had its chance to react
    link.addEventListener("click", (event) => event.preventDefault(), { once: true });
    await userEvent.click(link);
    await expect(args.onOpen).not.toHaveBeenCalled();
    // and the keyboard reaches it after the card itself
    link.blur();
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: /^周末计划/ })).toHaveFocus();
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

export const WhenSelectingShouldToggleOnATapAnywhere: Story = {
  name: "选择模式下，点卡片任意位置应切换选中",
  tags: ["!autodocs"],
  args: { ...Untitled.args, selected: false },
  render: function SelectableIdea(args) {
    const [selected, setSelected] = useState(false);
    return (
      <IdeaListItem
        {...args}
        selected={selected}
        onOpen={(id) => {
          args.onOpen(id);
          setSelected((value) => !value);
        }}
      />
    );
  },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    // what a finger on the middle of the element reaches
    const tapOn = async (selector: string) => {
      const box = canvasElement.querySelector(selector)!.getBoundingClientRect();
      await userEvent.click(
        canvasElement.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)!,
      );
    };
    const card = canvas.getByRole("button", { name: "地铁上看到的广告文案很妙 3小时前" });
    await expect(card).toHaveAttribute("aria-pressed", "false");
    await tapOn("[data-slot=feed-item-snippet]");
    await expect(card).toHaveAttribute("aria-pressed", "true");
    await expect(canvasElement.querySelector("[data-slot=feed-item]")).toHaveAttribute(
      "data-selected",
      "true",
    );
    await tapOn("time");
    await expect(card).toHaveAttribute("aria-pressed", "false");
    await expect(args.onOpen).toHaveBeenCalledTimes(2);
  },
};

export const WhenIdeasOnlyShouldShowNoKindBadge: Story = {
  name: "只有想法的列表中，卡片不应显示“想法”标记",
  tags: ["!autodocs"],
  args: { ...IdeasOnly.args },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText("想法")).toBeNull();
    await expect(canvas.getByRole("heading", { name: "产品设计的好点子" })).toBeVisible();
  },
};

export const WhenClickedShouldOpenWithTheId: Story = {
  name: "点击条目时，应以想法 id 调用 onOpen",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "产品设计的好点子" }));
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    await expect(args.onOpen).toHaveBeenCalledWith("idea-1");
  },
};

export const WhenClickedAnywhereShouldOpen: Story = {
  name: "点击条目任意位置（正文、时间）都应打开该想法，选中文字时不打开",
  tags: ["!autodocs"],
  args: { ...Untitled.args },
  play: async ({ canvasElement, userEvent, args }) => {
    const text = canvasElement.querySelector("[data-slot=feed-item-snippet] p")!;
    await userEvent.click(text);
    await userEvent.click(canvasElement.querySelector("[data-slot=feed-item-time]")!);
    await expect(args.onOpen).toHaveBeenCalledTimes(2);
    await expect(args.onOpen).toHaveBeenCalledWith("idea-2");
    // selecting a few words to copy them is not a tap on the card
    await userEvent.pointer([
      { keys: "[MouseLeft>]", target: text, offset: 0 },
      { target: text, offset: 6 },
      { keys: "[/MouseLeft]" },
    ]);
    await expect(canvasElement.ownerDocument.getSelection()?.toString()).toBe("地铁上看到的");
    await expect(args.onOpen).toHaveBeenCalledTimes(2);
  },
};

export const WhenEnterIsPressedShouldOpen: Story = {
  name: "聚焦后按 Enter，应打开该想法",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab();
    await expect(canvas.getByRole("button", { name: "产品设计的好点子" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    await expect(args.onOpen).toHaveBeenCalledWith("idea-1");
  },
};

export const WhenTagIsClickedShouldFilterWithoutOpening: Story = {
  name: "点击标签时，应以标签调用 onTagClick 且不打开想法",
  tags: ["!autodocs"],
  args: { onTagClick: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "灵感" }));
    await expect(args.onTagClick).toHaveBeenCalledTimes(1);
    await expect(args.onTagClick).toHaveBeenCalledWith("灵感");
    await expect(args.onOpen).not.toHaveBeenCalled();
  },
};

export const WhenUntitledShouldShowTheTextFirstLikeAMemo: Story = {
  name: "没有标题时，应像便签一样直接显示正文，不设粗体标题",
  tags: ["!autodocs"],
  args: { ...Untitled.args },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole("heading")).toBeNull();
    const snippet = canvasElement.querySelector("[data-slot=feed-item-snippet]")!;
    await expect(snippet).toHaveTextContent("地铁上看到的广告文案很妙 “慢一点，也是一种前进”。");
    await expect(getComputedStyle(snippet).fontWeight).toBe("400");
    // its first line still names it
    await expect(canvas.getByRole("article", { name: "地铁上看到的广告文案很妙" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "地铁上看到的广告文案很妙 3小时前" })).toBeVisible();
  },
};

export const WhenSearchedShouldMarkTheMatchedWords: Story = {
  name: "搜索结果中，应高亮标题和摘要里的匹配词",
  tags: ["!autodocs"],
  args: {
    ...WithHighlights.args,
    highlights: { snippet: [[10, 12]], terms: ["产品"] },
  },
  play: async ({ canvas, canvasElement }) => {
    const title = canvas.getByRole("heading");
    const snippet = canvasElement.querySelector("[data-slot=feed-item-snippet]");
    await expect([...title.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["产品"]);
    await expect([...snippet!.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["产品设计"]);
  },
};

export const WhenRenderedShouldShowTheRelativeTime: Story = {
  name: "应显示相对时间，并带机器可读的 dateTime",
  tags: ["!autodocs"],
  play: async ({ canvasElement }) => {
    const time = canvasElement.querySelector("time");
    await expect(time).toHaveTextContent("12分钟前");
    await expect(time).toHaveAttribute("dateTime", "2026-06-15T06:18:00.000Z");
  },
};

export const WhenTidiedShouldSayItInItsBadge: Story = {
  name: "AI 整理过的卡片应标出「已整理」",
  tags: ["!autodocs"],
  args: Tidied.args,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("已整理")).toBeVisible();
    await expect(canvasElement.querySelector("[data-tidied]")).not.toBeNull();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
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

export const WhenClickedShouldOpenWithTheId: Story = {
  name: "点击条目时，应以想法 id 调用 onOpen",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "产品设计的好点子" }));
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    await expect(args.onOpen).toHaveBeenCalledWith("idea-1");
  },
};

export const WhenClickedAnywhereShouldHitTheOpenButton: Story = {
  name: "点击条目任意位置（摘要、时间）都应落在打开按钮上",
  tags: ["!autodocs"],
  play: async ({ canvasElement }) => {
    const open = canvasElement.querySelector("[data-slot=feed-item-open]");
    for (const slot of ["feed-item-snippet", "feed-item-time"]) {
      const box = canvasElement.querySelector(`[data-slot=${slot}]`)!.getBoundingClientRect();
      const hit = canvasElement.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      await expect(hit).toBe(open);
    }
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

export const WhenUntitledShouldUseTheFirstLineAsTitle: Story = {
  name: "没有标题时，应以摘要第一行作为标题",
  tags: ["!autodocs"],
  args: { ...Untitled.args },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 3 })).toHaveTextContent("地铁上看到的广告文案很妙");
    const snippet = canvasElement.querySelector("[data-slot=feed-item-snippet]");
    await expect(snippet).toHaveTextContent("“慢一点，也是一种前进”。可以用在周报的开头。");
    await expect(snippet).not.toHaveTextContent("地铁上");
  },
};

export const WhenSearchedShouldMarkTheMatchedWords: Story = {
  name: "搜索结果中，应高亮标题和摘要里的匹配词",
  tags: ["!autodocs"],
  args: {
    ...WithHighlights.args,
    highlights: { snippet: [[10, 12]], terms: ["产品"] },
  },
  play: async ({ canvasElement }) => {
    const title = canvasElement.querySelector("h3");
    const snippet = canvasElement.querySelector("[data-slot=feed-item-snippet]");
    await expect([...title!.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["产品"]);
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

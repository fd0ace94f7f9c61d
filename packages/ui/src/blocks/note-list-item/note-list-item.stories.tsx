import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { NoteListItem } from "./note-list-item";

const now = new Date("2026-06-15T06:30:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const meta = {
  title: "组件/NoteListItem 笔记列表项",
  component: NoteListItem,
  args: {
    now,
    onOpen: fn(),
    note: {
      id: "note-1",
      title: "首页改版方案",
      snippet:
        "目标：让记录更轻。首屏只保留输入框和最近的想法，标签筛选收进列表顶部；AI 整理结果以卡片形式出现，可一键接受或撤回。",
      tags: ["工作", "产品"],
      createdAt: hoursAgo(30),
      updatedAt: hoursAgo(2),
    },
  },
  decorators: [
    (Story) => (
      <div className="w-[min(680px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NoteListItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithHighlights: Story = {
  args: { highlights: { title: [[2, 4]], terms: ["AI"] } },
};

export const FromIdeas: Story = {
  args: {
    note: {
      id: "note-2",
      title: "读书笔记：《习惯的力量》",
      snippet: "习惯回路由暗示、惯常行为和奖赏组成。想改变习惯，保留暗示和奖赏，只替换中间的行为。",
      tags: ["读书", "习惯"],
      createdAt: hoursAgo(5),
      sourceIdeaIds: ["idea-1", "idea-2", "idea-3"],
    },
  },
};

export const NoTags: Story = {
  args: {
    note: {
      id: "note-3",
      title: "随手记",
      snippet: "没有标签的笔记也应该排版整齐。",
      tags: [],
      createdAt: hoursAgo(0.5),
    },
  },
};

export const WhenClickedShouldOpenWithTheId: Story = {
  name: "点击条目时，应以笔记 id 调用 onOpen",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "首页改版方案" }));
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
    await expect(args.onOpen).toHaveBeenCalledWith("note-1");
  },
};

export const WhenMadeFromIdeasShouldShowTheSourceCount: Story = {
  name: "由想法整理而来时，应显示来源想法数量",
  tags: ["!autodocs"],
  args: { ...FromIdeas.args },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("来自 3 个想法")).toBeVisible();
    await expect(canvas.getByText("笔记")).toBeVisible();
    await expect(canvasElement.querySelector("time")).toHaveTextContent("5小时前");
  },
};

export const WhenNotMadeFromIdeasShouldHideTheSourceCount: Story = {
  name: "没有来源想法时，不应显示来源数量",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByText(/来自 \d+ 个想法/)).toBeNull();
    await expect(canvasElement.querySelector("time")).toHaveTextContent("2小时前");
  },
};

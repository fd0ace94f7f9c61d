import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn } from "storybook/test";
import { InsightCard, type InsightCitation } from "./insight-card";

const citations: InsightCitation[] = [
  { type: "idea", id: "i1", title: "第一次拉坯，泥总是歪", href: "/ideas/i1", ref: 1 },
  { type: "idea", id: "i2", title: "拉坯要稳，手要湿", href: "/ideas/i2", ref: 2 },
  { type: "note", id: "n1", title: "陶艺课笔记", href: "/notes/n1", ref: 3 },
];

const body = `## 反复出现的主题

- 一开始你在意的是**技术**：泥总是歪 [1]，后来你写下“拉坯要稳，手要湿” [2]。
- 到了十一月，关注点转向了感受本身 [3]。

## 矛盾

你说想把拉坯练好 [2]，却在笔记里写更喜欢手捏 [3]：这两种看法是矛盾的，值得问问自己为什么。`;

const meta = {
  title: "组件/InsightCard 洞察",
  component: InsightCard,
  args: {
    title: "陶艺里的变化",
    lens: "总结",
    date: "2026年11月22日 19:30",
    scope: "#陶艺 · 最近 20 条",
    itemCount: 12,
    body,
    citations,
    onDelete: fn(),
    // the app routes itself; here the story must stay on its page
    onNavigateCitation: fn((event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault()),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(720px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof InsightCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Long: Story = {
  args: {
    title: "从拉坯到手捏：三个月里对陶艺、耐心与自己到底想要什么的反复思考",
    lens: "价值澄清",
    scope: "#陶艺 · 2026-09-01 至 2026-11-30",
    body: `${body}\n\n${body}\n\n最后，一个长长的、没有标点也没有空格的句子会在窄屏上换行而不会撑破卡片ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz [1]。`,
    citations: [
      ...citations,
      {
        type: "idea",
        id: "i3",
        title: "一个非常非常长的想法标题，用来看看引用标签如何截断显示",
        href: "/ideas/i3",
        ref: 4,
      },
    ],
  },
};
export const Dark: Story = { globals: { theme: "dark" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const WithoutDelete: Story = { args: { onDelete: undefined } };

export const WhenACitationIsClickedShouldNavigateToItsItem: Story = {
  name: "点击引用时，应前往被引用的记录",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    // the body cites [2] twice; each marker leads to the same idea
    await userEvent.click(canvas.getAllByRole("link", { name: "引用 2：想法：拉坯要稳，手要湿" })[0]!);
    await expect(args.onNavigateCitation).toHaveBeenCalledWith(expect.anything(), citations[1]);
    await userEvent.click(canvas.getByRole("button", { name: "删除洞察" }));
    await expect(args.onDelete).toHaveBeenCalled();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { ReviewCard } from "./review-card";

const now = new Date("2026-06-15T06:30:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

const meta = {
  title: "组件/ReviewCard 每日回顾卡片",
  component: ReviewCard,
  globals: { viewport: { value: "phone", isRotated: false } },
  args: {
    now,
    item: {
      type: "idea",
      id: "idea-1",
      title: "把记录和整理分开",
      snippet: "记录时什么都不用想，整理交给 AI 在后台完成。这样随手记的门槛就很低。",
      tags: ["产品", "灵感"],
      createdAt: daysAgo(120),
      pinned: false,
    },
    onOpen: fn(),
    onDone: fn(),
    onEdit: fn(),
    onTogglePin: fn(),
    onAskAi: fn(),
    onExclude: fn(),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(680px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReviewCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idea: Story = {};

export const Note: Story = {
  args: {
    item: {
      type: "note",
      id: "note-1",
      title: "读《置身事内》的笔记",
      snippet: "地方政府的土地财政：卖地收入、城投债和基础设施投资之间的循环。",
      tags: ["读书"],
      createdAt: daysAgo(400),
      pinned: true,
    },
  },
};

export const Done: Story = { args: { done: true } };

export const Dark: Story = { globals: { theme: "dark" } };

export const DoneDark: Story = { args: { done: true }, globals: { theme: "dark" } };

export const ClickingRememberedShouldMarkTheItemDone: Story = {
  name: "点「记住了」应把这一条标为已回顾",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "记住了" }));
    await expect(args.onDone).toHaveBeenCalledWith(args.item);
    await userEvent.click(canvas.getByRole("button", { name: "不再回顾" }));
    await expect(args.onExclude).toHaveBeenCalledWith(args.item);
    await userEvent.click(canvas.getByRole("button", { name: "问AI" }));
    await expect(args.onAskAi).toHaveBeenCalledWith(args.item);
  },
};

export const ADoneItemShouldNotBeMarkedAgain: Story = {
  name: "已记住的一条不能再点「记住了」，置顶按钮报告其状态",
  tags: ["!autodocs"],
  args: { done: true, item: { ...meta.args.item, pinned: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "已记住" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "取消置顶" })).toHaveAttribute("aria-pressed", "true");
  },
};

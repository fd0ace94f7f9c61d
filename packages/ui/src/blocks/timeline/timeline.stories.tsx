import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn } from "storybook/test";
import { Timeline, type TimelineEntry } from "./timeline";

const none = { annotationCount: 0, links: [], linkCount: 0, backlinkCount: 0 };
const items: TimelineEntry[] = [
  {
    ...none,
    type: "idea",
    id: "i1",
    title: "第一次拉坯",
    excerpt: "#陶艺 第一次拉坯，泥总是歪，手不知道往哪里放",
    // 2025-12-31 23:30 in Beijing: still December there
    createdAt: "2025-12-31T15:30:00.000Z",
    annotationCount: 2,
    backlinkCount: 1,
  },
  {
    ...none,
    type: "idea",
    id: "i2",
    title: "拉坯要稳",
    excerpt: "#陶艺 拉坯要稳，手要湿，〔链接〕 里的毛病找到了",
    createdAt: "2026-01-15T04:00:00.000Z",
    links: [
      { type: "idea", id: "i1", title: "第一次拉坯", state: "live" },
      { type: "note", id: "n9", title: "旧的陶艺笔记", state: "trash" },
      { type: "idea", id: "i8", title: "", state: "deleted" },
    ],
    linkCount: 7,
  },
  {
    ...none,
    type: "note",
    id: "n1",
    title: "陶艺课笔记",
    excerpt:
      "揉泥、定中心、开孔、拉高：每一步都急不得。一个很长的没有标点的句子ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    createdAt: "2026-01-20T12:00:00.000Z",
  },
  {
    ...none,
    type: "idea",
    id: "i3",
    // untitled: named by its first words, which its excerpt goes on from
    title: "其实我更喜欢手捏，拉坯太赶了，手捏的时候可以…",
    excerpt: "其实我更喜欢手捏，拉坯太赶了，手捏的时候可以一边想事情一边慢慢做，做坏了也不心疼。",
    createdAt: "2026-11-20T02:00:00.000Z",
    annotationCount: 1,
  },
];

const meta = {
  title: "组件/Timeline 演变",
  component: Timeline,
  args: {
    items,
    href: (ref) => `/${ref.type}s/${ref.id}`,
    // the app routes itself; here the story must stay on its page
    onNavigate: fn((event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault()),
  },
  decorators: [
    (Story) => (
      <div className="w-[min(40rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Timeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const months = canvas.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    await expect(months).toEqual(["2025年12月", "2026年1月", "2026年11月"]);
    await expect(canvas.getByText("2025年12月31日")).toBeVisible();
    await expect(canvas.getByText("2 条批注")).toBeVisible();
    await expect(canvas.getByText("被引用 1 次")).toBeVisible();
    await expect(canvas.getByText("等 7 条")).toBeVisible();
    await expect(canvas.getByText("已删除的想法")).toBeVisible();
    // an untitled idea's words are said once, in full
    await expect(canvas.getAllByText(/其实我更喜欢手捏/)).toHaveLength(1);
    await expect(canvas.getByRole("link", { name: /想法：\s*其实.*做坏了也不心疼。/ })).toBeVisible();
  },
};
export const Dark: Story = { globals: { theme: "dark" } };
export const Empty: Story = {
  args: { items: [], emptyText: "#陶艺 下还没有记录。" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("#陶艺 下还没有记录。")).toBeVisible();
  },
};
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

/** More matched than the server gives (200): the list says it holds only the newest. */
export const CutOff: Story = {
  args: { cutOff: "记录太多，只显示最新的 200 条。" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("记录太多，只显示最新的 200 条。")).toBeVisible();
    // above the first month
    const notice = canvas.getByText("记录太多，只显示最新的 200 条。");
    const first = canvas.getAllByRole("heading", { level: 2 })[0]!;
    await expect(notice.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};
export const CutOffPhoneDark: Story = {
  args: { cutOff: "匹配的记录太多，只显示最相关的 200 条。" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

export const WhenAnItemOrALinkIsClickedShouldNavigate: Story = {
  name: "点一条记录或它的链接即前往",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("link", { name: /笔记：\s*陶艺课笔记/ }));
    await expect(args.onNavigate).toHaveBeenCalledWith(expect.anything(), items[2]);
    const chip = canvas.getAllByRole("link", { name: /想法：\s*第一次拉坯/ })[1]!;
    await expect(chip).toHaveAttribute("href", "/ideas/i1");
    await userEvent.click(chip);
    await expect(args.onNavigate).toHaveBeenLastCalledWith(
      expect.anything(),
      expect.objectContaining({ id: "i1" }),
    );
  },
};

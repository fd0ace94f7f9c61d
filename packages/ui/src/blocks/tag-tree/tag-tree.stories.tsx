import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, within } from "storybook/test";
import { TagTree, type TagTreeProps } from "./tag-tree";

const tags = [
  { name: "读书/小说", count: 12 },
  { name: "读书", count: 18 },
  { name: "读书/小说/科幻", count: 4 },
  { name: "读书/散文", count: 6 },
  { name: "读书会", count: 2 },
  { name: "工作", count: 9 },
  { name: "工作/周报", count: 9 },
  { name: "灵感", count: 31 },
];

function Selecting(args: TagTreeProps) {
  const [selected, setSelected] = React.useState(args.selected);
  return (
    <TagTree
      {...args}
      selected={selected}
      onSelect={(tag) => {
        args.onSelect(tag);
        setSelected(tag);
      }}
    />
  );
}

const meta = {
  title: "组件/TagTree 标签列表",
  component: TagTree,
  args: { tags, total: 64, onSelect: fn(), onRename: fn() },
  render: (args) => <Selecting {...args} />,
  decorators: [
    (Story) => (
      <div className="w-[260px] max-w-full">
        <Story />
      </div>
    ),
  ],
  globals: { viewport: { value: "phone", isRotated: false } },
} satisfies Meta<typeof TagTree>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** The same count in pinyin order: 爱好 (ài), 跑步 (pǎo), 阅读 (yuè), 摘抄 (zhāi). */
export const SameCountsInPinyinOrder: Story = {
  args: {
    tags: ["阅读", "摘抄", "跑步", "爱好"].map((name) => ({ name, count: 3 })),
    total: 12,
  },
  play: async ({ canvasElement }) => {
    const names = within(canvasElement)
      .getAllByRole("button", { name: /条$/ })
      .map((b) => b.getAttribute("aria-label"));
    await expect(names).toEqual(["爱好，3 条", "跑步，3 条", "阅读，3 条", "摘抄，3 条"]);
  },
};
export const Selected: Story = { args: { selected: "读书/小说" } };
export const Dark: Story = { args: { selected: "读书/小说" }, globals: { theme: "dark" } };
export const Loading: Story = { args: { tags: [], total: undefined, loading: true } };
export const Empty: Story = { args: { tags: [], total: 0 } };
/** Offline before the tags ever loaded: a calm line, not an error. */
export const Offline: Story = { args: { tags: [], total: undefined, notice: "离线中，联网后显示标签" } };
export const Failed: Story = { args: { tags: [], total: undefined, error: "加载失败，请稍后重试" } };

export const WhenATagIsClickedShouldFilterByItAndAllShouldClearIt: Story = {
  name: "点标签时，应按它筛选；点全部时，应取消筛选",
  tags: ["!autodocs"],
  play: async ({ canvasElement, userEvent, args }) => {
    // the most used first, children under their parent (each level by count), 读书会 after all of 读书
    const names = within(canvasElement)
      .getAllByRole("button", { name: /条$/ })
      .map((b) => b.getAttribute("aria-label"));
    await expect(names).toEqual([
      "灵感，31 条",
      "读书，18 条",
      "读书/小说，12 条",
      "读书/小说/科幻，4 条",
      "读书/散文，6 条",
      "工作，9 条",
      "工作/周报，9 条",
      "读书会，2 条",
    ]);
    const tree = within(canvasElement);
    const child = tree.getByRole("button", { name: "读书/小说，12 条" });
    await userEvent.click(child);
    await expect(args.onSelect).toHaveBeenLastCalledWith("读书/小说");
    await expect(child).toHaveAttribute("aria-current", "true");
    await userEvent.click(tree.getByRole("button", { name: /全部/ }));
    await expect(args.onSelect).toHaveBeenLastCalledWith(undefined);
    await userEvent.click(tree.getByRole("button", { name: "改名或合并 读书" }));
    await expect(args.onRename).toHaveBeenCalledWith("读书");
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn } from "storybook/test";
import { LinkPicker, type LinkPickerResult } from "./link-picker";

const results: LinkPickerResult[] = [
  { type: "idea", id: "1", title: "", snippet: "周末去景德镇看窑，顺便买几只杯子" },
  { type: "note", id: "2", title: "陶艺笔记", snippet: "揉泥、拉坯、修坯、上釉：每一步的要点" },
  { type: "idea", id: "3", title: "拉坯的手感", snippet: "手要稳，泥要湿，转速别太快" },
];

/** The picker as a host uses it: the query is its own state, the results are given. */
function Host(props: React.ComponentProps<typeof LinkPicker>) {
  const [query, setQuery] = React.useState(props.query);
  return (
    <LinkPicker
      {...props}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        props.onQueryChange(q);
      }}
    />
  );
}

const meta = {
  title: "组件/LinkPicker 链接选择",
  component: LinkPicker,
  render: (args) => <Host {...args} />,
  args: { query: "陶", results, onQueryChange: fn(), onChoose: fn(), onClose: fn() },
} satisfies Meta<typeof LinkPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("combobox", { name: "链接到想法或笔记" })).toHaveFocus();
    await expect(canvas.getAllByRole("option")).toHaveLength(3);
    await expect(canvas.getByRole("option", { name: /周末去景德镇/ })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  },
};
export const Dark: Story = { globals: { theme: "dark" } };
export const Empty: Story = {
  args: { query: "火星", results: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("没有找到匹配的想法或笔记");
  },
};
export const Searching: Story = { args: { query: "", results: [], loading: true } };
export const Failed: Story = { args: { results: [], error: "搜索失败，请稍后重试" } };
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };
export const PhoneDark: Story = {
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

export const WhenTheArrowsAreUsedShouldChooseWithEnter: Story = {
  name: "上下键移动、回车选择、Esc 关闭",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole("combobox");
    await userEvent.keyboard("{ArrowDown}");
    await expect(box).toHaveAttribute("aria-activedescendant", canvas.getAllByRole("option")[1]!.id);
    await userEvent.keyboard("{ArrowUp}{ArrowUp}");
    await expect(canvas.getAllByRole("option")[2]).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{Enter}");
    await expect(args.onChoose).toHaveBeenCalledWith(results[2]);
    await userEvent.type(box, "泥");
    await expect(args.onQueryChange).toHaveBeenLastCalledWith("陶泥");
    await userEvent.keyboard("{Escape}");
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const WhenAnOptionIsClickedShouldChooseIt: Story = {
  name: "点选一条即选择它",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("option", { name: /陶艺笔记/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(results[1]);
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

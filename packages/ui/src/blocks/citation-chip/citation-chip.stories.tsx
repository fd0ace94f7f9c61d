import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn } from "storybook/test";
import { CitationChip } from "./citation-chip";

const preventNavigation = (event: React.MouseEvent<HTMLAnchorElement>) => event.preventDefault();

const meta = {
  title: "组件/CitationChip 引用来源",
  component: CitationChip,
  args: { type: "idea", title: "产品设计的好点子", href: "/ideas/idea-1" },
  argTypes: {
    type: { control: "inline-radio", options: ["idea", "note"] },
  },
} satisfies Meta<typeof CitationChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idea: Story = {};
export const Note: Story = { args: { type: "note", title: "《置身事内》读书笔记", href: "/notes/note-1" } };
export const Insight: Story = {
  args: { type: "insight", title: "周报：读书和跑步", href: "/insights/insight-1" },
};
export const LongTitle: Story = {
  args: {
    type: "note",
    title: "关于“记录”这件事的一些长长的思考，标题本身也很长，需要截断以保持引用列表整齐",
    href: "/notes/note-2",
  },
};
export const WithIndex: Story = { args: { index: 1 } };

export const WhenClickedShouldCallOnNavigate: Story = {
  name: "点击引用时，应调用 onNavigate 由应用自行跳转",
  tags: ["!autodocs"],
  args: { index: 2, onNavigate: fn(preventNavigation) },
  play: async ({ canvas, userEvent, args }) => {
    const link = canvas.getByRole("link", { name: /^2\s*想法：\s*产品设计的好点子$/ });
    await expect(link).toHaveAttribute("href", "/ideas/idea-1");
    await userEvent.click(link);
    await expect(args.onNavigate).toHaveBeenCalledTimes(1);
    const [event] = (args.onNavigate as ReturnType<typeof fn>).mock.calls[0] as [React.MouseEvent];
    await expect((event.target as Element).closest("a")).toBe(link);
    await expect(event.isDefaultPrevented()).toBe(true);
  },
};

export const WhenNoteShouldBeNamedAsNote: Story = {
  name: "笔记引用的无障碍名称应为“笔记：标题”",
  tags: ["!autodocs"],
  args: { ...Note.args },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("link", { name: /^笔记：\s*《置身事内》读书笔记$/ })).toBeVisible();
    await expect(canvasElement.querySelector("[data-slot=citation-chip]")).toHaveAttribute(
      "data-type",
      "note",
    );
  },
};

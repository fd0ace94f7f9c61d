import type { Meta, StoryObj } from "@storybook/react-vite";
import type * as React from "react";
import { expect, fn } from "storybook/test";
import { Tabs, TabsContent, TabsList, type TabsListVariant, TabsTrigger } from "./tabs";

type FeedTabsArgs = React.ComponentProps<typeof Tabs> & { variant?: TabsListVariant };

const meta = {
  title: "组件/Tabs 标签页",
  component: Tabs,
  subcomponents: { TabsList, TabsTrigger, TabsContent },
  args: { defaultValue: "all", onValueChange: fn() },
  argTypes: { variant: { control: "inline-radio", options: ["underline", "pill"] } },
  render: ({ variant, ...args }) => (
    <Tabs className="w-[min(24rem,calc(100vw-2rem))]" {...args}>
      <TabsList variant={variant} aria-label="内容类型">
        <TabsTrigger value="all">全部</TabsTrigger>
        <TabsTrigger value="ideas">想法</TabsTrigger>
        <TabsTrigger value="notes">笔记</TabsTrigger>
      </TabsList>
      <TabsContent value="all">全部内容：3 条想法，2 篇笔记。</TabsContent>
      <TabsContent value="ideas">想法：周末去爬山、给妈妈打电话、整理书架。</TabsContent>
      <TabsContent value="notes">笔记：《人类简史》读书笔记、产品周会纪要。</TabsContent>
    </Tabs>
  ),
} satisfies Meta<FeedTabsArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultValue: "ideas" } };
export const Pill: Story = { args: { variant: "pill" } };
export const PillSecondSelected: Story = { args: { variant: "pill", defaultValue: "ideas" } };

export const WhenNotesIsClickedShouldSelectItAndShowItsPanel: Story = {
  name: "点击“笔记”时应选中它并显示对应内容",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const notes = canvas.getByRole("tab", { name: "笔记" });
    await userEvent.click(notes);
    await expect(notes).toHaveAttribute("aria-selected", "true");
    await expect(canvas.getByRole("tab", { name: "全部" })).toHaveAttribute("aria-selected", "false");
    await expect(canvas.getByRole("tabpanel", { name: "笔记" })).toHaveTextContent("《人类简史》读书笔记");
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(args.onValueChange).toHaveBeenCalledWith("notes");
  },
};

export const WhenArrowKeysArePressedShouldMoveTheSelection: Story = {
  name: "按方向键时应移动选中的标签",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("tab", { name: "全部" }));
    await userEvent.keyboard("{ArrowRight}");
    const ideas = canvas.getByRole("tab", { name: "想法" });
    await expect(ideas).toHaveFocus();
    await expect(ideas).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}");
    await expect(canvas.getByRole("tab", { name: "笔记" })).toHaveAttribute("aria-selected", "true");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("notes");
  },
};

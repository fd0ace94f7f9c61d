import type { Meta, StoryObj } from "@storybook/react-vite";
import { Plus } from "lucide-react";
import { expect, fn } from "storybook/test";
import { Button } from "./button";

const meta = {
  title: "组件/Button 按钮",
  component: Button,
  args: { children: "保存想法", onClick: fn() },
  argTypes: {
    variant: { control: "inline-radio", options: ["primary", "secondary", "ghost", "danger"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: "secondary", children: "取消" } };
export const Ghost: Story = { args: { variant: "ghost", children: "更多" } };
export const Danger: Story = { args: { variant: "danger", children: "删除" } };
export const Small: Story = { args: { size: "sm" } };
export const Large: Story = { args: { size: "lg" } };
export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Plus aria-hidden />
        新建笔记
      </>
    ),
  },
};
export const Loading: Story = { args: { loading: true, children: "保存中…" } };
export const Disabled: Story = { args: { disabled: true } };

export const WhenClickedShouldCallOnClick: Story = {
  name: "点击时应调用 onClick",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "保存想法" }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const WhenLoadingShouldNotBeClickable: Story = {
  name: "加载中时不可点击",
  tags: ["!autodocs"],
  args: { loading: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "保存想法" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

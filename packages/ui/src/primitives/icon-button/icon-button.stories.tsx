import type { Meta, StoryObj } from "@storybook/react-vite";
import { House, Pencil, Plus, Trash2 } from "lucide-react";
import { expect, fn } from "storybook/test";
import { IconButton } from "./icon-button";

const meta = {
  title: "组件/IconButton 图标按钮",
  component: IconButton,
  args: { label: "新建想法", children: <Plus aria-hidden />, onClick: fn() },
  argTypes: {
    variant: { control: "inline-radio", options: ["primary", "secondary", "ghost"] },
    shape: { control: "inline-radio", options: ["square", "round"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {};
export const Primary: Story = { args: { variant: "primary" } };
export const Secondary: Story = {
  args: { variant: "secondary", label: "编辑", children: <Pencil aria-hidden /> },
};
export const Round: Story = {
  args: { variant: "secondary", shape: "round", label: "返回首页", children: <House aria-hidden /> },
};
export const Small: Story = { args: { size: "sm", label: "删除", children: <Trash2 aria-hidden /> } };
export const Large: Story = { args: { size: "lg", variant: "primary", shape: "round" } };
export const Disabled: Story = { args: { variant: "primary", disabled: true } };

export const WhenClickedShouldCallOnClick: Story = {
  name: "点击时应调用 onClick",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "新建想法" }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const ShouldUseTheLabelAsNameAndTooltip: Story = {
  name: "应以 label 作为无障碍名称和提示",
  tags: ["!autodocs"],
  args: { variant: "secondary", shape: "round", label: "返回首页", children: <House aria-hidden /> },
  play: async ({ canvas }) => {
    const button = canvas.getByRole("button", { name: "返回首页" });
    await expect(button).toHaveAttribute("title", "返回首页");
    await expect(button).toHaveAttribute("type", "button");
    await expect(button).toHaveClass("rounded-full");
  },
};

export const WhenDisabledShouldNotCallOnClick: Story = {
  name: "禁用时点击不应调用 onClick",
  tags: ["!autodocs"],
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "新建想法" });
    await expect(button).toBeDisabled();
    button.click();
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

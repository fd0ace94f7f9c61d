import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { Input } from "./input";

const meta = {
  title: "组件/Input 输入框",
  component: Input,
  args: { "aria-label": "标题", onChange: fn(), className: "w-72" },
  argTypes: {
    size: { control: "inline-radio", options: ["sm", "md"] },
    invalid: { control: "boolean" },
  },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: "周末去爬山" } };
export const Placeholder: Story = { args: { placeholder: "给这个想法起个标题" } };
export const Small: Story = { args: { size: "sm", placeholder: "搜索标签" } };
export const Disabled: Story = { args: { disabled: true, defaultValue: "无法编辑" } };
export const Invalid: Story = { args: { invalid: true, defaultValue: "？？？" } };

export const WhenTypingShouldUpdateTheValue: Story = {
  name: "输入文字时应更新输入框的值",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole("textbox", { name: "标题" });
    await userEvent.type(input, "读书笔记");
    await expect(input).toHaveValue("读书笔记");
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WhenInvalidShouldBeMarkedInvalid: Story = {
  name: "校验失败时应标记为无效",
  tags: ["!autodocs"],
  args: { invalid: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "标题" });
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toBeInvalid();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn } from "storybook/test";
import { PasswordField } from "./password-field";

const meta = {
  title: "组件/PasswordField 密码字段",
  component: PasswordField,
  args: {
    id: "password",
    label: "密码",
    autoComplete: "current-password",
    value: "",
    onValueChange: fn(),
    className: "w-72",
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NewPassword: Story = {
  args: { label: "新密码", hint: "8–72 个字符", autoComplete: "new-password", value: "shinian-2026" },
};
export const WithError: Story = { args: { value: "short", error: "密码长度须为 8–72 个字符" } };

export const WhenTypedInShouldHideTheTextAndReportIt: Story = {
  name: "输入时应隐藏字符并回报新值",
  tags: ["!autodocs"],
  render: function Render(args) {
    const [value, setValue] = React.useState("");
    return (
      <PasswordField
        {...args}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          args.onValueChange(next);
        }}
      />
    );
  },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByLabelText("密码");
    await expect(input).toHaveAttribute("type", "password");
    await expect(input).toHaveAttribute("autocomplete", "current-password");
    await userEvent.type(input, "abc");
    await expect(input).toHaveValue("abc");
    await expect(args.onValueChange).toHaveBeenLastCalledWith("abc");
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { Select } from "./select";

const meta = {
  title: "组件/Select 选择框",
  component: Select,
  args: {
    "aria-label": "权限",
    onChange: fn(),
    className: "w-72",
    options: [
      { value: "capture", label: "仅记录" },
      { value: "read", label: "只读" },
      { value: "write", label: "读写" },
    ],
  },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Small: Story = { args: { size: "sm" } };
export const Disabled: Story = { args: { disabled: true } };

export const WhenChosenShouldChangeTheValue: Story = {
  name: "选择一项时应改变取值",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const select = canvas.getByRole("combobox", { name: "权限" });
    await userEvent.selectOptions(select, "读写");
    await expect(select).toHaveValue("write");
    await expect(args.onChange).toHaveBeenCalled();
  },
};

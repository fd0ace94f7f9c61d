import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { Checkbox } from "./checkbox";

const meta = {
  title: "组件/Checkbox 复选框",
  component: Checkbox,
  args: { onChange: fn(), children: "记住我" },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const Disabled: Story = { args: { disabled: true } };
export const Agreement: Story = {
  args: {
    children: (
      <>
        我已阅读并同意
        <a href="#agreement" className="text-primary underline">
          《用户协议》
        </a>
        和
        <a href="#privacy" className="text-primary underline">
          《隐私政策》
        </a>
      </>
    ),
  },
};

export const WhenLabelIsClickedShouldToggle: Story = {
  name: "点击文字时应勾选",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole("checkbox", { name: "记住我" });
    await userEvent.click(canvas.getByText("记住我"));
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenCalled();
  },
};

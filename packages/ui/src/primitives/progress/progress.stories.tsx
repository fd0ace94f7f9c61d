import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { Progress } from "./progress";

const meta = {
  title: "组件/Progress 进度条",
  component: Progress,
  args: { value: 30 },
  argTypes: {
    value: { control: { type: "range", min: 0, max: 100, step: 1 } },
    tone: { control: "inline-radio", options: ["primary", "success", "error"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
  decorators: [
    (Story) => (
      <div className="w-[min(20rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Progress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Progress0: Story = { args: { value: 0 } };
export const Progress30: Story = { args: { value: 30 } };
export const Progress85: Story = { args: { value: 85 } };
export const Progress100: Story = { args: { value: 100 } };
export const SuccessTone: Story = { args: { value: 100, tone: "success" } };
export const ErrorTone: Story = { args: { value: 60, tone: "error" } };
export const Small: Story = { args: { value: 50, size: "sm" } };
export const Large: Story = { args: { value: 50, size: "lg" } };

export const ShouldReportItsValueToAssistiveTechnology: Story = {
  name: "应通过 aria-valuenow 报告当前进度",
  tags: ["!autodocs"],
  args: { value: 85 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "导出进度" });
    await expect(bar).toHaveAttribute("aria-valuenow", "85");
    await expect(bar).toHaveAttribute("aria-valuemax", "100");
    await expect(bar).toHaveAttribute("data-state", "loading");
  },
};

export const WhenValueIsOutOfRangeShouldClampIt: Story = {
  name: "超出范围的进度值应被限制在 0–100",
  tags: ["!autodocs"],
  args: { value: 140, "aria-label": "上传进度" },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "上传进度" });
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await expect(bar).toHaveAttribute("data-state", "complete");
  },
};

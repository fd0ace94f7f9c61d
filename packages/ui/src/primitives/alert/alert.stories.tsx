import type { Meta, StoryObj } from "@storybook/react-vite";
import { Sparkles } from "lucide-react";
import { expect } from "storybook/test";
import { Alert } from "./alert";

const meta = {
  title: "组件/Alert 提示",
  component: Alert,
  args: { tone: "info", title: "小提示", description: "想法会自动保存，随时可以回来继续写。" },
  argTypes: {
    tone: { control: "inline-radio", options: ["info", "success", "warning", "error"] },
  },
  decorators: [
    (Story) => (
      <div className="w-[min(24rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InfoTone: Story = {};
export const SuccessTone: Story = {
  args: { tone: "success", title: "导出完成", description: "文件已保存到下载目录。" },
};
export const WarningTone: Story = {
  args: { tone: "warning", title: "积分不足", description: "AI 积分余额较低，部分功能可能无法使用。" },
};
export const ErrorTone: Story = {
  args: { tone: "error", title: "导出失败", description: "网络连接失败，请检查网络设置" },
};
export const WithoutTitle: Story = { args: { title: undefined } };
export const WithoutIcon: Story = { args: { icon: null } };
export const CustomIcon: Story = {
  args: {
    icon: <Sparkles aria-hidden />,
    title: "AI 助手",
    description: "试着问问 AI，帮你整理今天的想法。",
  },
};
export const WithChildren: Story = {
  args: {
    tone: "error",
    title: "导出失败",
    description: "暂时无法导出数据，下次可导出时间：2026-11-22 15:30",
    children: <p>你可以关闭此窗口，或点击「再次导出」重试</p>,
  },
};

export const WhenErrorShouldInterruptWithRoleAlert: Story = {
  name: "错误提示应使用 role=alert",
  tags: ["!autodocs"],
  args: { tone: "error", title: "导出失败", description: "网络连接失败，请检查网络设置" },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole("alert");
    await expect(alert).toHaveTextContent("导出失败");
    await expect(alert).toHaveTextContent("网络连接失败，请检查网络设置");
    await expect(alert).toHaveAttribute("data-tone", "error");
  },
};

export const WhenInfoShouldBeAPoliteStatus: Story = {
  name: "普通提示应使用 role=status",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("想法会自动保存");
    await expect(canvas.queryByRole("alert")).not.toBeInTheDocument();
  },
};

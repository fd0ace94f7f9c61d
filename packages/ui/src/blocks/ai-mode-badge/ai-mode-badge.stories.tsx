import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AiModeBadge } from "./ai-mode-badge";

const meta = {
  title: "组件/AiModeBadge AI 模式标识",
  component: AiModeBadge,
  args: { mode: "offline" },
  argTypes: {
    mode: { control: "inline-radio", options: ["offline", "provider"] },
  },
} satisfies Meta<typeof AiModeBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Offline: Story = {};
export const Provider: Story = { args: { mode: "provider", model: "deepseek-chat" } };
export const ProviderWithoutModel: Story = { args: { mode: "provider" } };
export const LongModelName: Story = {
  args: { mode: "provider", model: "qwen2.5-72b-instruct-128k-preview-2026-05-01" },
};

export const WhenOfflineShouldExplainWhy: Story = {
  name: "本地模式时，应说明未配置 AI 服务且不消耗点数",
  tags: ["!autodocs"],
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector("[data-slot=ai-mode-badge]");
    await expect(badge).toHaveAttribute("data-mode", "offline");
    await expect(badge).toHaveAttribute("title", "未配置 AI 服务，仅根据你的想法和笔记检索回答，不消耗点数");
    await expect(badge).toHaveTextContent(/^本地模式/);
  },
};

export const WhenModelIsLongShouldKeepTheFullNameInTheTooltip: Story = {
  name: "模型名过长时，应截断显示并在提示中保留全名",
  tags: ["!autodocs"],
  args: { ...LongModelName.args },
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector("[data-slot=ai-mode-badge]") as HTMLElement;
    const model = canvasElement.querySelector("[data-slot=ai-mode-badge-model]") as HTMLElement;
    await expect(badge).toHaveAttribute("title", "AI 模型：qwen2.5-72b-instruct-128k-preview-2026-05-01");
    await expect(badge).toHaveTextContent("AI 模型：qwen2.5-72b-instruct-128k-preview-2026-05-01");
    await expect(model.scrollWidth).toBeGreaterThan(model.clientWidth);
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { PageLoading } from "./page-loading";

const meta = {
  title: "组件/PageLoading 页面加载",
  component: PageLoading,
  decorators: [
    (Story) => (
      <div className="w-[min(480px,calc(100vw-2rem))] rounded-md border border-border">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PageLoading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const CustomText: Story = { args: { text: "正在加载笔记..." } };

export const ShouldAnnounceTheLoadingText: Story = {
  name: "应以 status 角色播报加载文案",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    const status = canvas.getByRole("status");
    await expect(status).toHaveTextContent("加载中...");
    await expect(status).toHaveAttribute("aria-live", "polite");
  },
};

export const FillViewport: Story = {
  args: { fill: "viewport" },
  parameters: { layout: "fullscreen" },
  decorators: [(Story) => <Story />],
};

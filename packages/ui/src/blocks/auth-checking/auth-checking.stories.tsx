import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { AuthChecking } from "./auth-checking";

const meta = {
  title: "组件/AuthChecking 登录检查",
  component: AuthChecking,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof AuthChecking>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const ShouldFillTheViewportAndAnnounceTheCheck: Story = {
  name: "应铺满视口并播报正在检查登录状态",
  tags: ["!autodocs"],
  play: async ({ canvas, canvasElement }) => {
    const status = canvas.getByRole("status");
    await expect(status).toHaveTextContent("正在检查登录状态...");
    const viewportHeight = canvasElement.ownerDocument.defaultView?.innerHeight ?? 0;
    await expect(status.getBoundingClientRect().height).toBeGreaterThanOrEqual(viewportHeight);
  },
};

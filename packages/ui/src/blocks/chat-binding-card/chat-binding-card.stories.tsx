import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { ChatBindingCard } from "./chat-binding-card";

const BOUND = [
  { id: "b1", platform: "wechat" as const, label: "oWx_…k3Zq", createdAt: "2026-12-01T02:30:00.000Z" },
];

const meta = {
  title: "组件/ChatBindingCard 微信与 Telegram",
  component: ChatBindingCard,
  args: { platforms: ["wechat"], bindings: [], onGetCode: fn(), onUnbind: fn() },
  // 个人资料 is mostly read on phones: every state has its baseline at phone width
  globals: { viewport: { value: "phone", isRotated: false } },
  decorators: [
    (Story) => (
      <div className="w-[min(22rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ChatBindingCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotBound: Story = {};

export const WithCode: Story = {
  args: { code: { code: "04291736", expiresAt: "2026-12-03T04:40:00.000Z" } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status", { name: "绑定码" })).toHaveTextContent("绑定 04291736");
    await expect(canvas.getByText("12:40 前向微信公众号发送：")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "重新获取绑定码" })).toBeEnabled();
  },
};

export const Bound: Story = { args: { bindings: BOUND } };

export const BoundDark: Story = {
  args: { bindings: BOUND, code: { code: "04291736", expiresAt: "2026-12-03T04:40:00.000Z" } },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

export const NotOffered: Story = {
  args: { platforms: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("本站没有开通微信公众号接入，请联系本站管理员。")).toBeVisible();
    await expect(canvas.queryByRole("button")).not.toBeInTheDocument();
  },
};

export const RefusedCode: Story = {
  args: { notice: { tone: "error", message: "获取绑定码太频繁了，请 60 秒后再试" } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("alert")).toHaveTextContent("获取绑定码太频繁了，请 60 秒后再试");
  },
};

export const WhenGetCodeIsClicked: Story = {
  name: "when 获取绑定码 is clicked, should ask for a code",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "获取绑定码" }));
    await expect(args.onGetCode).toHaveBeenCalledTimes(1);
  },
};

export const WhenUnbindIsClicked: Story = {
  name: "when 解除绑定 is clicked, should unbind that chat",
  tags: ["!autodocs"],
  args: { bindings: BOUND },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "解除绑定 微信公众号 oWx_…k3Zq" }));
    await expect(args.onUnbind).toHaveBeenCalledWith(BOUND[0]);
  },
};

export const WhileUnbinding: Story = {
  args: { bindings: BOUND, busy: "b1" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "解除绑定 微信公众号 oWx_…k3Zq" })).toBeDisabled();
  },
};

const TELEGRAM = {
  id: "t1",
  platform: "telegram" as const,
  label: "5012…7788",
  createdAt: "2026-12-02T01:00:00.000Z",
};

export const WhenPushToTelegramIsTicked: Story = {
  name: "when 每日回顾推送到这里 is ticked, should switch the push on for that Telegram chat only",
  args: {
    platforms: ["wechat", "telegram"],
    bindings: [...BOUND, { ...TELEGRAM, pushing: false }],
    onTogglePush: fn(),
  },
  play: async ({ canvas, userEvent, args }) => {
    // WeChat's 公众号 cannot write first: only the Telegram chat offers it
    const box = canvas.getByRole("checkbox", { name: "每日回顾推送到这里" });
    await userEvent.click(box);
    await expect(args.onTogglePush).toHaveBeenCalledWith({ ...TELEGRAM, pushing: false }, true);
  },
};

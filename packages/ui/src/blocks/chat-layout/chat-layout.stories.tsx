import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { AiModeBadge } from "../ai-mode-badge";
import { ChatComposer } from "../chat-composer";
import { ChatMessage } from "../chat-message";
import { ConversationList } from "../conversation-list";
import { preloadMarkdown } from "../markdown-view";
import { ChatLayout } from "./chat-layout";

const now = new Date("2026-11-22T10:00:00+08:00");

const sidebar = (
  <ConversationList
    now={now}
    activeId="c1"
    conversations={[
      { id: "c1", title: "我的陶艺计划", updatedAt: "2026-11-22T09:58:00+08:00" },
      { id: "c2", title: "读书清单", updatedAt: "2026-11-21T20:00:00+08:00" },
    ]}
    onSelect={fn()}
    onCreate={fn()}
    onRename={fn()}
    onDelete={fn()}
  />
);

const header = (
  <>
    <h1 className="min-w-0 flex-1 truncate font-semibold">我的陶艺计划</h1>
    <AiModeBadge mode="provider" model="deepseek-chat" />
  </>
);

const messages = (
  <>
    <ChatMessage author="user" content="我的陶艺计划是什么？" />
    <ChatMessage
      author="assistant"
      content={"你打算**周末去上陶艺课** [1]，还记下了工作室的地址 [2]。"}
      points={2}
      citations={[
        { type: "idea", id: "i1", title: "周末想去上陶艺课", href: "/ideas/i1" },
        { type: "note", id: "n1", title: "陶艺工作室", href: "/notes/n1" },
      ]}
    />
  </>
);

const meta = {
  title: "布局/ChatLayout 对话布局",
  component: ChatLayout,
  parameters: { layout: "fullscreen" },
  args: {
    sidebar,
    header,
    children: messages,
    composer: <ChatComposer onSend={fn()} costHint="每次回答消耗 2 点 · 余额 98 点" />,
  },
  // Answers are Markdown, whose parser is a lazily loaded chunk: wait for it before rendering.
  loaders: [
    async () => {
      await preloadMarkdown();
    },
  ],
} satisfies Meta<typeof ChatLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};

export const Panel: Story = {
  args: { variant: "panel", sidebar: undefined },
  decorators: [
    (Story) => (
      <div className="h-[560px] w-[min(420px,calc(100vw-2rem))] border border-border">
        <Story />
      </div>
    ),
  ],
};

export const WhenRenderedShouldExposeTheLogAndTheConversationList: Story = {
  name: "渲染时，应有对话列表区域和可读出的对话记录",
  tags: ["!autodocs"],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("complementary", { name: "对话列表" })).toBeVisible();
    const log = canvas.getByRole("log", { name: "对话内容" });
    await expect(log).toHaveAttribute("aria-live", "polite");
    await expect(log).toHaveTextContent("我的陶艺计划是什么？");
  },
};

export const WhenMessagesGrowShouldFollowToTheBottom: Story = {
  name: "消息增多时，应自动滚动到底部",
  tags: ["!autodocs"],
  args: {
    variant: "panel",
    sidebar: undefined,
    scrollKey: 40,
    children: Array.from({ length: 40 }, (_, i) => `第 ${i + 1} 条消息`).map((text) => (
      <ChatMessage key={text} author="user" content={text} />
    )),
  },
  decorators: [
    (Story) => (
      <div className="h-[400px] w-[min(420px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const log = canvas.getByRole("log");
    await expect(log.scrollHeight).toBeGreaterThan(log.clientHeight);
    await expect(Math.abs(log.scrollHeight - log.clientHeight - log.scrollTop)).toBeLessThan(2);
  },
};

/** Phones: the conversation list moves into a drawer opened from the header. */
export const Phone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };

export const OnAPhoneTheConversationListShouldOpenInADrawer: Story = {
  name: "手机上对话列表应在抽屉中打开",
  tags: ["!autodocs"],
  globals: { viewport: { value: "phone", isRotated: false } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(canvas.queryByRole("complementary", { name: "对话列表" })).toBeNull();
    const open = canvas.getByRole("button", { name: "打开对话列表" });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(open);
    const drawer = await body.findByRole("dialog", { name: "对话列表" });
    await expect(within(drawer).getByText("读书清单")).toBeVisible();
    await userEvent.click(within(drawer).getByRole("button", { name: "关闭" }));
    await expect(body.queryByRole("dialog", { name: "对话列表" })).toBeNull();
    await expect(open).toHaveFocus();
  },
};

export const Dark: Story = { globals: { theme: "dark" } };

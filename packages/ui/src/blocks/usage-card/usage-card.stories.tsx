import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { UsageCard } from "./usage-card";

const GB = 1024 ** 3;
const MB = 1024 ** 2;

const meta = {
  title: "组件/UsageCard 存储空间",
  component: UsageCard,
  args: { items: 1234, maxItems: 100_000, bytes: 12.3 * MB, maxBytes: GB },
  // 个人资料 is mostly read on phones: every state has its baseline at phone width
  globals: { viewport: { value: "phone", isRotated: false } },
  decorators: [
    (Story) => (
      <div className="w-[min(22rem,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UsageCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvas }) => {
    const items = canvas.getByRole("progressbar", { name: "想法和笔记：1,234 条 / 100,000 条" });
    await expect(items).toHaveAttribute("data-tone", "primary");
    await expect(canvas.getByText("12.3 MB / 1 GB")).toBeVisible();
    await expect(canvas.queryByText("快到上限了")).not.toBeInTheDocument();
  },
};

export const NearTheLimit: Story = {
  args: { items: 92_500, bytes: 0.95 * GB },
  play: async ({ canvas }) => {
    for (const bar of canvas.getAllByRole("progressbar"))
      await expect(bar).toHaveAttribute("data-tone", "warning");
    await expect(canvas.queryByText("已达上限")).not.toBeInTheDocument();
  },
};

export const AtTheLimit: Story = {
  args: { items: 100_000, bytes: 640 * MB },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("progressbar", { name: /^想法和笔记/ })).toHaveAttribute(
      "data-tone",
      "error",
    );
    await expect(canvas.getByRole("progressbar", { name: /^已用空间/ })).toHaveAttribute(
      "data-tone",
      "primary",
    );
    await expect(canvas.getByText("已达上限")).toBeVisible();
  },
};

export const Unlimited: Story = {
  args: { items: 250_000, maxItems: null, bytes: 3.5 * GB, maxBytes: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("progressbar")).not.toBeInTheDocument();
    await expect(canvas.getByText("250,000 条（不限）")).toBeVisible();
    await expect(canvas.getByText("3.5 GB（不限）")).toBeVisible();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { CaptureQueue } from "./capture-queue";

const refused = [{ id: "c1", content: "一条太长的想法……", reason: "想法最多 10000 个字符" }];

const meta = {
  title: "组件/CaptureQueue 待同步",
  component: CaptureQueue,
  args: { pending: 3, refused: [], onSyncNow: fn(), onRetry: fn(), onDelete: fn() },
  decorators: [(Story) => <div className="w-[min(560px,calc(100vw-2rem))]">{Story()}</div>],
} satisfies Meta<typeof CaptureQueue>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {};
/** Offline the app's banner says 待同步: only the refused captures are left to show here. */
export const Offline: Story = { args: { offline: true, refused } };
export const OfflinePhoneDark: Story = {
  args: { offline: true, refused },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
export const Refused: Story = { args: { pending: 0, refused } };
export const Empty: Story = { args: { pending: 0 } };

export const WhenARefusedCaptureIsRetriedOrDeletedShouldSayWhich: Story = {
  name: "重试或删除未能保存的想法时，应带上它的 id",
  tags: ["!autodocs"],
  args: { pending: 1, refused },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText("未能保存：想法最多 10000 个字符")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "重试" }));
    await expect(args.onRetry).toHaveBeenCalledWith("c1");
    await userEvent.click(canvas.getByRole("button", { name: "删除" }));
    await expect(args.onDelete).toHaveBeenCalledWith("c1");
    await userEvent.click(canvas.getByRole("button", { name: "立即同步" }));
    await expect(args.onSyncNow).toHaveBeenCalled();
  },
};

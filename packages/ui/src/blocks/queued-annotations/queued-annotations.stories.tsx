import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { QueuedAnnotations } from "./queued-annotations";

const annotations = [
  { id: "a1", content: "离线时想到：先学定中心 #陶艺", idea: "周末去学陶艺" },
  {
    id: "a2",
    content: "这本书的结尾和开头其实是同一个问题",
    idea: "读完了三体，想写一篇很长很长的读后感，标题还没想好",
    reason: "想法不存在",
  },
];

const meta = {
  title: "组件/QueuedAnnotations 待同步的批注",
  component: QueuedAnnotations,
  args: { annotations, onRetry: fn(), onDelete: fn() },
  decorators: [(Story) => <div className="w-[min(560px,calc(100vw-2rem))]">{Story()}</div>],
} satisfies Meta<typeof QueuedAnnotations>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const PhoneDark: Story = {
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
export const Empty: Story = { args: { annotations: [] } };

export const WhenARefusedAnnotationIsRetriedOrDeletedShouldSayWhich: Story = {
  name: "重试或删除未能保存的批注时，应带上它的 id",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText("未能保存：想法不存在")).toBeVisible();
    await expect(canvas.getByText("批注于「周末去学陶艺」")).toBeVisible();
    // only the refused one offers them
    await expect(canvas.getAllByRole("button", { name: "重试发送这条批注" })).toHaveLength(1);
    await userEvent.click(canvas.getByRole("button", { name: "重试发送这条批注" }));
    await expect(args.onRetry).toHaveBeenCalledWith("a2");
    await userEvent.click(canvas.getByRole("button", { name: "删除这条未保存的批注" }));
    await expect(args.onDelete).toHaveBeenCalledWith("a2");
  },
};

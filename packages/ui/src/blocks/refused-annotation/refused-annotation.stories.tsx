import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { RefusedAnnotation } from "./refused-annotation";

const meta = {
  title: "组件/RefusedAnnotation 未能保存的批注",
  component: RefusedAnnotation,
  args: { reason: "每条想法最多 200 条批注", onRetry: fn(), onDelete: fn() },
  argTypes: { layout: { control: "inline-radio", options: ["inline", "stacked"] } },
  decorators: [(Story) => <div className="w-[min(560px,calc(100vw-2rem))]">{Story()}</div>],
} satisfies Meta<typeof RefusedAnnotation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Under a 批注 in its idea's thread: the reason and the buttons on one line where they fit. */
export const Inline: Story = {};
/** A card in 首页's 待同步的批注: the reason, then the buttons at the line's end. */
export const Stacked: Story = { args: { layout: "stacked" } };
/** The server gave no message. */
export const NoReason: Story = { args: { reason: "" } };
export const InlinePhoneDark: Story = {
  args: { reason: "想法不存在，可能已被删除或移到了回收站" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
export const StackedPhoneDark: Story = {
  args: { layout: "stacked", reason: "想法不存在，可能已被删除或移到了回收站" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};

export const WhenRetriedOrDeletedShouldCallEach: Story = {
  name: "点重试或删除时，应各自调用，并读出原因",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("未能保存：每条想法最多 200 条批注");
    await userEvent.click(canvas.getByRole("button", { name: "重试发送这条批注" }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "删除这条未保存的批注" }));
    await expect(args.onDelete).toHaveBeenCalledTimes(1);
  },
};

export const WhenTheServerGaveNoReasonShouldSaySo: Story = {
  name: "服务器没给原因时，应说它拒绝了这条批注",
  tags: ["!autodocs"],
  args: { reason: "" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("未能保存：服务器拒绝了这条批注");
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, mocked, spyOn, waitFor } from "storybook/test";
import { CopyButton } from "./copy-button";

const text = "周末去爬山，顺便拍一组秋天的照片。";

const meta = {
  title: "组件/CopyButton 复制按钮",
  component: CopyButton,
  args: { text, onCopied: fn() },
  argTypes: {
    resetAfterMs: {
      control: { type: "number", min: 0 },
      description: "“已复制”/“复制失败”保留多久后恢复（毫秒）。默认 3 秒后恢复。",
      table: { defaultValue: { summary: "3000" } },
    },
    label: { table: { defaultValue: { summary: "复制" } } },
    copiedLabel: { table: { defaultValue: { summary: "已复制" } } },
    failedLabel: { table: { defaultValue: { summary: "复制失败" } } },
    variant: { control: "inline-radio", options: ["primary", "secondary", "ghost"] },
  },
  // The browser clipboard needs a permission prompt in test Chromium: stand in for it.
  beforeEach: () => {
    const writeText = spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

const failClipboard = () => {
  mocked(navigator.clipboard.writeText).mockRejectedValue(new DOMException("拒绝访问", "NotAllowedError"));
};

export const Default: Story = {};
export const CustomLabel: Story = { args: { label: "复制链接", variant: "ghost" } };
export const Copied: Story = {
  args: { resetAfterMs: 60_000 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "复制" }));
    await expect(await canvas.findByRole("button", { name: "已复制" })).toHaveAttribute(
      "data-state",
      "copied",
    );
  },
};
export const Failed: Story = {
  args: { resetAfterMs: 60_000 },
  beforeEach: failClipboard,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "复制" }));
    await expect(await canvas.findByRole("button", { name: "复制失败" })).toHaveAttribute(
      "data-state",
      "failed",
    );
  },
};

export const WhenClickedShouldShowCopiedThenResetToTheIdleLabel: Story = {
  name: "点击后应显示“已复制”，到时后恢复为“复制”",
  tags: ["!autodocs"],
  args: { resetAfterMs: 300 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "复制" }));
    const button = await canvas.findByRole("button", { name: "已复制" });
    await expect(button).toHaveAttribute("data-state", "copied");
    await waitFor(() => expect(button).toHaveAccessibleName("复制"), { timeout: 2000 });
    await expect(button).toHaveAttribute("data-state", "idle");
  },
};

export const WhenClickedShouldWriteTheTextToTheClipboard: Story = {
  name: "点击后应把文字写入剪贴板并调用 onCopied",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "复制" }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledTimes(1);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(text);
    await waitFor(() => expect(args.onCopied).toHaveBeenCalledWith(text));
  },
};

export const WhenTheCopyFailsShouldShowCopyFailed: Story = {
  name: "复制失败时应显示“复制失败”且不调用 onCopied",
  tags: ["!autodocs"],
  args: { resetAfterMs: 300 },
  beforeEach: failClipboard,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "复制" }));
    const button = await canvas.findByRole("button", { name: "复制失败" });
    await expect(args.onCopied).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toHaveAccessibleName("复制"), { timeout: 2000 });
  },
};

export const WithTheDefaultResetShouldShowCopiedForThreeSeconds: Story = {
  name: "默认应显示“已复制” 3 秒后再恢复",
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole("button", { name: "复制" }));
    const button = await canvas.findByRole("button", { name: "已复制" });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await expect(button).toHaveAccessibleName("已复制");
    await waitFor(() => expect(button).toHaveAccessibleName("复制"), { timeout: 2000 });
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { VoiceRecorder } from "./voice-recorder";

const meta = {
  title: "组件/VoiceRecorder 录音中",
  component: VoiceRecorder,
  args: { elapsedMs: 12_400, level: 0.55, maxMs: 300_000, onStop: fn(), onCancel: fn() },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VoiceRecorder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Recording: Story = {};
/** At 320 px the meter takes a row of its own, full width. */
export const RecordingOnPhone: Story = { globals: { viewport: { value: "phone", isRotated: false } } };

export const WhenDoneIsClickedShouldStopAndKeepTheRecording: Story = {
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("timer")).toHaveTextContent("0:12 / 5:00");
    await expect(canvas.getByRole("meter", { name: "音量" })).toHaveAttribute("aria-valuenow", "7");
    await userEvent.click(canvas.getByRole("button", { name: "完成录音" }));
    await expect(args.onStop).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "取消录音" }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

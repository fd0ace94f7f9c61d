import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { VoiceNote } from "./voice-note";

/** A short silent WAV (the player never loads it: preload none), so stories need no file. */
const SILENT_WAV = "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

const meta = {
  title: "组件/VoiceNote 语音",
  component: VoiceNote,
  args: { src: SILENT_WAV },
  decorators: [
    (Story) => (
      <div className="w-[min(560px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof VoiceNote>;

export default meta;
type Story = StoryObj<typeof meta>;

/** On an idea in the feed or its page: the player only. */
export const Player: Story = {};
/** A saved recording whose length the recorder measured: shown before it is played. */
export const PlayerWithDuration: Story = { args: { durationMs: 12_400 } };
/** Just recorded in the composer: the cost is shown before anything is spent. */
export const ReadyToTranscribe: Story = {
  args: { onRemove: fn(), onTranscribe: fn(), transcribeLabel: "转成文字（消耗 1 点）", durationMs: 65_000 },
};
/** 本地模式: the recording stays audio, and the composer says so. */
export const LocalMode: Story = {
  args: { onRemove: fn(), notice: "本地模式：服务器没有配置语音转文字，录音只保存为音频" },
};
/** Recorded offline: kept on this device with the idea, it uploads when the connection returns. */
export const Queued: Story = {
  args: { onRemove: fn(), state: "queued" },
};
export const Failed: Story = {
  args: {
    onRemove: fn(),
    onTranscribe: fn(),
    transcribeLabel: "转成文字（消耗 1 点）",
    error: "语音转文字失败，点数已退还，请稍后再试",
  },
};

export const WhenTranscribeIsClickedShouldAskForTheText: Story = {
  tags: ["!autodocs"],
  args: { onRemove: fn(), onTranscribe: fn(), transcribeLabel: "转成文字（消耗 1 点）" },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "转成文字（消耗 1 点）" }));
    await expect(args.onTranscribe).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole("button", { name: "移除录音" }));
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
  },
};

export const WhenItsLengthIsKnownShouldShowItBeforePlaying: Story = {
  name: "已知录音时长时，播放前就显示时长",
  tags: ["!autodocs"],
  args: { durationMs: 12_400 },
  play: async ({ canvas, canvasElement }) => {
    const length = canvasElement.querySelector("[data-slot=voice-note-duration]");
    await expect(length).toHaveTextContent("时长 0:12");
    await expect(canvas.getByRole("figure", { name: "语音" })).toBeVisible();
  },
};

import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { sampleImages } from "../image-grid/sample-images";
import { ImageUploadChip } from "./image-upload-chip";

const meta = {
  title: "组件/ImageUploadChip 上传中的图片",
  component: ImageUploadChip,
  args: { src: sampleImages[0] ?? "", alt: "photo.png", state: "uploading", progress: 40, onRemove: fn() },
} satisfies Meta<typeof ImageUploadChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Uploading: Story = {};
export const Done: Story = { args: { state: "done" } };
/** Offline: kept on this device with the idea, uploaded when the connection returns. */
export const Queued: Story = { args: { state: "queued" } };
export const Refused: Story = { args: { state: "error", error: "图片超过 10 MB" } };

export const WhenCancelIsClickedWhileUploadingShouldCallOnRemove: Story = {
  tags: ["!autodocs"],
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole("progressbar", { name: "上传进度" })).toHaveAttribute(
      "aria-valuenow",
      "40",
    );
    await userEvent.click(canvas.getByRole("button", { name: "取消上传" }));
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
  },
};

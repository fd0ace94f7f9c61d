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
/** Offline, an iPhone's HEIC that Chromium cannot draw: its name in a neutral tile until the server converts it. */
export const QueuedHeic: Story = {
  args: { state: "queued", src: "data:image/heic;base64,AAAAGGZ0eXBoZWljAAAAAA==", alt: "IMG_0412.HEIC" },
  play: async ({ canvas }) => {
    const tile = await canvas.findByTitle("IMG_0412.HEIC");
    await expect(tile).toHaveAttribute("data-slot", "unshown-image");
    await expect(tile).toHaveAccessibleName("IMG_0412.HEIC");
  },
};

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

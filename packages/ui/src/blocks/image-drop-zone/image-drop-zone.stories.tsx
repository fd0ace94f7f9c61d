import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn } from "storybook/test";
import { Textarea } from "../../primitives/textarea";
import { sampleImages } from "../image-grid/sample-images";
import { ImageUploadChip } from "../image-upload-chip";
import { ImageDropZone } from "./image-drop-zone";

const meta = {
  title: "组件/ImageDropZone 插入图片",
  component: ImageDropZone,
  args: {
    className: "w-[min(520px,calc(100vw-2rem))]",
    onAddImages: fn(),
    hint: "也可以粘贴或拖入图片",
    children: <Textarea aria-label="内容" minRows={4} defaultValue={"# 出差报销\n\n收据拍下来了："} />,
  },
} satisfies Meta<typeof ImageDropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Uploading: Story = {
  args: {
    images: (
      <>
        <ImageUploadChip
          src={sampleImages[0] ?? ""}
          alt="收据.jpg"
          state="uploading"
          progress={60}
          onRemove={fn()}
        />
        <ImageUploadChip
          src={sampleImages[1] ?? ""}
          alt="假图片.png"
          state="error"
          error="仅支持 PNG、JPEG、WebP 或 GIF 图片"
          onRemove={fn()}
        />
      </>
    ),
    imageError: "假图片.png：仅支持 PNG、JPEG、WebP 或 GIF 图片",
  },
};

export const WhenAnImageIsPastedShouldHandItOn: Story = {
  name: "粘贴图片时，应交给 onAddImages",
  tags: ["!autodocs"],
  play: async ({ canvas, args }) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([0x89, 0x50])], "收据.png", { type: "image/png" }));
    canvas
      .getByRole("textbox", { name: "内容" })
      .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    await expect(args.onAddImages).toHaveBeenCalledWith([expect.objectContaining({ name: "收据.png" })]);
    await expect(canvas.getByRole("button", { name: "插入图片" })).toBeVisible();
  },
};

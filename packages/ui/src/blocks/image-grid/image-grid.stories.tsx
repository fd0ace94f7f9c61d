import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ImageGrid } from "./image-grid";
import { sampleImages } from "./sample-images";

const images = sampleImages.map((src, i) => ({ id: `img-${i}`, src, href: src, alt: `图片 ${i + 1}` }));

const meta = {
  title: "组件/ImageGrid 图片",
  component: ImageGrid,
  args: { images },
  decorators: [
    (Story) => (
      <div className="w-[min(640px,calc(100vw-2rem))]">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ImageGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

/** In a feed card: small square thumbnails. */
export const Thumbnails: Story = {};
/** On a detail page: each image whole, opening full size in a new tab. */
export const Full: Story = { args: { size: "full" } };
export const FullOnPhoneDark: Story = {
  args: { size: "full", images: images.slice(0, 2) },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
};
/** A picture the browser cannot draw (a queued HEIC in Chromium): its name in a neutral tile. */
export const WithAPictureTheBrowserCannotDraw: Story = {
  args: {
    images: [
      ...images.slice(0, 2),
      { id: "heic", src: "data:image/heic;base64,AAAAGGZ0eXBoZWljAAAAAA==", alt: "IMG_0412.HEIC" },
    ],
  },
  play: async ({ canvas }) => {
    const tile = await canvas.findByTitle("IMG_0412.HEIC");
    await expect(tile).toHaveAttribute("data-slot", "unshown-image");
    await expect(tile).toBeVisible();
  },
};

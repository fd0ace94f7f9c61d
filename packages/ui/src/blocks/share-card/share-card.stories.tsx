import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, screen, userEvent, waitFor } from "storybook/test";
import { SHARE_CARD_WIDTH } from "./draw-share-card";
import { ShareCard } from "./share-card";

const meta = {
  title: "组件/ShareCard 分享卡片",
  component: ShareCard,
  parameters: { layout: "fullscreen" },
  args: {
    open: true,
    onOpenChange: fn(),
    fileName: "拾念-2026-11-22.png",
    content: {
      text: "今天跑了 5 公里，配速比上周快。新买的鞋很轻，像踩在云上。\n\n跑完拉伸十分钟，记得补水。Keep going, 下周试试 10 km！",
      date: "2026-11-22 13:05",
      tags: ["跑步", "装备/鞋"],
    },
  },
} satisfies Meta<typeof ShareCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The preview of the story's own dialog (the last one: an earlier story's may still be leaving). */
const preview = () => {
  const images = document.querySelectorAll<HTMLImageElement>(
    '[data-slot="share-card"] img[alt="分享卡片预览"]',
  );
  const image = images[images.length - 1];
  if (!image) throw new Error("no preview yet");
  return image;
};
const previewShown = async () => {
  // drawing and encoding a 1080 px PNG takes a moment on a loaded machine
  await waitFor(() => expect(preview()).toBeVisible(), { timeout: 20_000 });
  // decoded before the screenshot, so that it is taken of the card, not of a half-drawn image
  await preview().decode();
};

export const Light: Story = { play: previewShown };
export const DarkCard: Story = { args: { defaultTheme: "dark" }, play: previewShown };
export const WithTitleAndLongText: Story = {
  args: {
    content: {
      title: "读《长安的荔枝》",
      text: Array.from(
        { length: 12 },
        (_, i) => `第${i + 1}段：小人物在大时代里的挣扎，「荔枝」不过是一个引子，真正写的是制度与人心。`,
      ).join("\n"),
      date: "2026-11-20 21:40",
      tags: ["读书/小说", "马伯庸", "历史"],
    },
  },
  play: previewShown,
};
export const Phone: Story = {
  globals: { viewport: { value: "phone", isRotated: false } },
  play: previewShown,
};
export const PhoneDark: Story = {
  args: { defaultTheme: "dark" },
  globals: { viewport: { value: "phone", isRotated: false }, theme: "dark" },
  play: previewShown,
};
export const DarkPage: Story = { globals: { theme: "dark" }, play: previewShown };

/** Image files a stubbed share sheet received, and PNGs saved through a download link. */
const shared: File[][] = [];
const downloads: { href: string; name: string }[] = [];
const catchDownloads = (event: MouseEvent) => {
  const link = (event.target as Element).closest?.("a[download]") as HTMLAnchorElement | null;
  if (!link) return;
  event.preventDefault();
  downloads.push({ href: link.href, name: link.download });
};
/** Replaces navigator's share functions for one story (the browser's own, not our code). */
function withNavigator(stubs: Record<string, unknown>) {
  const saved = Object.fromEntries(
    Object.keys(stubs).map((key) => [key, Object.getOwnPropertyDescriptor(navigator, key)]),
  );
  for (const [key, value] of Object.entries(stubs)) {
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
  }
  shared.length = 0;
  downloads.length = 0;
  document.addEventListener("click", catchDownloads, true);
  return () => {
    document.removeEventListener("click", catchDownloads, true);
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(navigator, key, descriptor);
      else delete (navigator as unknown as Record<string, unknown>)[key];
    }
  };
}

async function pngSize(blob: Blob) {
  const bitmap = await createImageBitmap(blob);
  return { width: bitmap.width, height: bitmap.height };
}

export const WhenTheDeviceCannotShareFilesShouldDownloadThePng: Story = {
  name: "设备不能分享文件时应下载画好的 PNG",
  tags: ["!autodocs"],
  beforeEach: () => withNavigator({ canShare: undefined, share: undefined }),
  play: async () => {
    await previewShown();
    await expect(screen.queryByRole("button", { name: "分享" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "下载图片" }));
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 20_000 });
    expect(downloads[0]?.name).toBe("拾念-2026-11-22.png");
    const blob = await (await fetch(downloads[0]!.href)).blob();
    expect(blob.type).toBe("image/png");
    expect(blob.size).toBeGreaterThan(10_000);
    const size = await pngSize(blob);
    expect(size.width).toBe(SHARE_CARD_WIDTH);
    expect(size.height).toBeGreaterThanOrEqual(SHARE_CARD_WIDTH * 0.75);
    await expect(await screen.findByText("图片已保存：拾念-2026-11-22.png")).toBeVisible();
  },
};

export const WhenTheDeviceSharesFilesShouldHandThePngToTheShareSheet: Story = {
  name: "设备能分享文件时应把 PNG 交给系统分享",
  tags: ["!autodocs"],
  beforeEach: () =>
    withNavigator({
      canShare: (data: { files?: File[] }) => Boolean(data.files?.every((f) => f.type === "image/png")),
      share: async (data: { files: File[] }) => void shared.push(data.files),
    }),
  play: async ({ args }) => {
    await previewShown();
    await userEvent.click(screen.getByRole("button", { name: "分享" }));
    await waitFor(() => expect(shared).toHaveLength(1), { timeout: 20_000 });
    const [file] = shared[0]!;
    expect(file?.name).toBe("拾念-2026-11-22.png");
    expect((await pngSize(file!)).width).toBe(SHARE_CARD_WIDTH);
    expect(downloads).toHaveLength(0);
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const WhenDarkIsChosenShouldRedrawTheCard: Story = {
  name: "选深色时应重画卡片",
  tags: ["!autodocs"],
  play: async () => {
    await previewShown();
    const light = preview().getAttribute("src");
    await userEvent.click(screen.getByRole("button", { name: "深色" }));
    await waitFor(() => expect(preview()).toHaveAttribute("data-theme-card", "dark"), { timeout: 20_000 });
    expect(preview().getAttribute("src")).not.toBe(light);
    await previewShown();
    await expect(screen.getByRole("button", { name: "深色" })).toHaveAttribute("aria-pressed", "true");
  },
};

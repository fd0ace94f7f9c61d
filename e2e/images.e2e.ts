import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expect, test } from "./fixtures.ts";
import { shotsAtWidths } from "./helpers.ts";
import { pasteImage as paste } from "./paste-image.ts";

const loaded = (page: Page, list: string) =>
  expect
    .poll(() =>
      page
        .getByRole("list", { name: list, exact: true })
        .getByRole("img")
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);

test("images: a pasted picture uploads, is saved with the idea, shows in the feed and the detail page, and is in the export", async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/");
  await page.getByPlaceholder("记录一个想法…").fill("白板上的讨论，拍下来回头整理");

  // Bytes that are not an image are refused by the server, in Chinese, and can be taken off.
  await paste(page, "fake");
  const composer = page.locator('[data-slot="idea-composer"]');
  await expect(composer.getByRole("alert")).toHaveText(
    "假图片.png：仅支持 PNG、JPEG、WebP、GIF 或 HEIC 图片",
  );
  await expect(composer.locator('[data-slot="image-upload-chip"]')).toHaveAttribute("data-state", "error");
  await composer.getByRole("button", { name: "移除图片" }).click();
  await expect(composer.locator('[data-slot="image-upload-chip"]')).toHaveCount(0);

  await paste(page, "png");
  const chip = composer.locator('[data-slot="image-upload-chip"]');
  await expect(chip).toHaveAttribute("data-state", "done");
  await shotsAtWidths(page, "90-images-composer");

  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/ideas") && r.request().method() === "POST",
  );
  await composer.getByRole("button", { name: "保存" }).click();
  const idea = (await (await saved).json()).data as { id: string; attachments: { id: string }[] };
  expect(idea.attachments).toHaveLength(1);
  await expect(chip).toHaveCount(0);

  const card = page.locator('[data-slot="feed-item"]').filter({ hasText: "白板上的讨论" });
  await expect(card.getByRole("list", { name: "图片" }).getByRole("img")).toHaveCount(1);
  await loaded(page, "图片");
  await shotsAtWidths(page, "91-images-feed");

  await card.getByRole("button", { name: /白板上的讨论/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ideas/${idea.id}$`));
  const full = page.getByRole("list", { name: "想法的图片" }).getByRole("link");
  await expect(full).toHaveAttribute("href", new RegExp(`/api/files/${idea.attachments[0]!.id}\\?exp=`));
  await expect(full).toHaveAttribute("target", "_blank");
  await loaded(page, "想法的图片");
  await shotsAtWidths(page, "92-images-detail");

  await page.goto("/profile");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出全部数据" }).click();
  const zip = unzipSync(new Uint8Array(await readFile((await (await download).path())!)));
  const names = Object.keys(zip);
  const data = JSON.parse(new TextDecoder().decode(zip[names.find((n) => n.endsWith("data.json"))!]));
  const [attachment] = data.attachments as { itemId: string; file: string; contentType: string }[];
  expect(attachment).toMatchObject({ itemId: idea.id, contentType: "image/png" });
  const file = names.find((n) => n.endsWith(attachment!.file));
  expect(file).toMatch(/files\//);
  expect([...zip[file!]!.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
});

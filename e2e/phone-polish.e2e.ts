import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";
import { pasteFile } from "./paste-image.ts";

/** An iPhone photo (made by heif-enc, server/test/fixtures/README.md), pasted as a phone's clipboard gives it. */
async function pasteHeic(page: Page) {
  const bytes = [...readFileSync("server/test/fixtures/photo.heic")];
  await pasteFile(page.getByPlaceholder("记录一个想法…"), {
    name: "IMG_0412.HEIC",
    type: "image/heic",
    bytes,
  });
}

/** Light and dark at each width, for a human look (e2e/screenshots, gitignored). */
async function shots(page: Page, name: string, widths: number[]) {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
      await shot(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

test("offline: 你已离线 pushes the page down, the tags stay calm, a queued HEIC shows its name, nothing scrolls sideways", async ({
  page,
  context,
  signedIn: _,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await expect(composer).toBeVisible();
  // the sheet's code loads once, online (offline the service worker would serve it)
  const openTags = page.getByRole("button", { name: "标签", exact: true });
  await openTags.click();
  const sheet = page.getByRole("dialog", { name: "标签" });
  await expect(sheet).toContainText("还没有标签");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await context.setOffline(true);

  const notice = page.locator('[data-slot="offline-notice"]');
  await expect(notice).toContainText("你已离线");
  // opened offline, the tags ask the server and fail: a calm line, no red error
  await openTags.click();
  await expect(sheet).toContainText("离线中，联网后显示标签");
  await expect(sheet.getByRole("alert")).toHaveCount(0);
  await expect(sheet).not.toContainText("失败");
  await shots(page, "89-offline-tags-sheet", [390]);
  await page.keyboard.press("Escape");

  for (const width of [1440, 1024, 390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    const [strip, bar] = [
      await box(page, '[data-slot="offline-notice"]'),
      await box(page, '[data-slot="top-bar"]'),
    ];
    expect(strip.bottom, `${width}: the strip ends where the top bar starts`).toBeLessThanOrEqual(
      bar.top + 0.5,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}`).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await composer.fill("离线拍的书页，回头摘抄");
  await pasteHeic(page);
  const chip = page.locator('[data-slot="image-upload-chip"]');
  await expect(chip).toHaveAttribute("data-state", "queued");
  await expect(chip.locator('[data-slot="unshown-image"]')).toHaveAttribute("title", "IMG_0412.HEIC");
  const remove = await chip.getByRole("button", { name: "移除图片" }).boundingBox();
  expect([remove!.width, remove!.height]).toEqual([44, 44]);
  await shots(page, "90-offline-heic-composer", [320, 390, 1440]);

  await page.setViewportSize({ width: 390, height: 844 });
  await composer.press("Control+Enter");
  const card = page.locator('[data-slot="feed-item"]').filter({ hasText: "离线拍的书页" });
  await expect(card).toContainText("待同步");
  await expect(card.locator('[data-slot="unshown-image"]')).toHaveAttribute("title", "IMG_0412.HEIC");
  await expect(card.locator("img")).toHaveCount(0);
  await shots(page, "91-offline-heic-queued", [320, 390, 1440]);
});

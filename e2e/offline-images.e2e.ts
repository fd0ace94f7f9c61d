import type { APIRequestContext, Page } from "@playwright/test";
import { fireCaptureSync } from "./background-sync.ts";
import { expect, test } from "./fixtures.ts";
import { shotsAtWidths } from "./helpers.ts";
import { pasteImage } from "./paste-image.ts";

test.use({ serviceWorkers: "allow" });

type Saved = { id: string; content: string; attachments?: { id: string }[] };

const ideasOf = async (request: APIRequestContext, token: string) =>
  (
    await (
      await request.get("/api/ideas?limit=100", { headers: { Authorization: `Bearer ${token}` } })
    ).json()
  ).data.items as Saved[];

/** The queue's records on this device (the session record aside), with how many files still wait as blobs. */
const queueOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ blobs: number }[]>((resolve, reject) => {
        const open = indexedDB.open("shinian-capture");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("queue").objectStore("queue").getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { clientId?: string; files?: { blob?: Blob }[] }[])
                .filter((r) => r.clientId)
                .map((r) => ({ blobs: (r.files ?? []).filter((f) => f.blob instanceof Blob).length })),
            );
        };
      }),
  );

/** The card's picture has loaded (decoded, not a broken box). */
const pictureLoaded = (card: ReturnType<Page["locator"]>) =>
  expect.poll(() =>
    card
      .getByRole("list", { name: "图片" })
      .getByRole("img")
      .evaluate((img: HTMLImageElement) => ({ blob: img.src.startsWith("blob:"), width: img.naturalWidth })),
  );

async function captureOffline(page: Page, text: string) {
  await page.goto("/");
  const box = page.getByPlaceholder("记录一个想法…");
  await expect(box).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.context().setOffline(true);
  await box.fill(text);
  await pasteImage(page, "png");
  const chip = page.locator('[data-slot="image-upload-chip"]');
  await expect(chip).toHaveAttribute("data-state", "queued");
  await expect(chip).toContainText("联网后上传");
  return { box, chip };
}

test("a picture pasted offline waits with its idea (待同步, thumbnail shown), survives a reload, and is saved once with the idea when online", async ({
  page,
  context,
  request,
  signedIn: alice,
}) => {
  const text = "离线拍的白板：下周的排期";
  const { box, chip } = await captureOffline(page, text);
  await shotsAtWidths(page, "83-offline-image-composer");
  await box.press("Control+Enter");
  await expect(box).toHaveValue("");
  await expect(chip).toHaveCount(0);

  const card = page.locator('[data-slot="feed-item"]').filter({ hasText: text });
  await expect(card).toContainText("待同步");
  await pictureLoaded(card).toEqual({ blob: true, width: 120 });
  expect(await queueOnDevice(page)).toEqual([{ blobs: 1 }]);

  await page.reload();
  await expect(card).toContainText("待同步");
  await pictureLoaded(card).toEqual({ blob: true, width: 120 });
  await shotsAtWidths(page, "84-offline-image-queued");
  expect(await ideasOf(request, alice.token)).toEqual([]);

  await context.setOffline(false);
  await expect(card).not.toContainText("待同步");
  await expect(card.getByRole("list", { name: "图片" }).getByRole("img")).toHaveAttribute(
    "src",
    /\/api\/files\/[^/]+\/thumb\?exp=/,
  );
  await expect.poll(() => queueOnDevice(page)).toEqual([]);
  const saved = await ideasOf(request, alice.token);
  expect(saved.map((i) => [i.content, i.attachments?.length])).toEqual([[text, 1]]);
  await expect(page.locator('[data-slot="feed-item"]').filter({ hasText: text })).toHaveCount(1);
});

test("Background Sync: the service worker uploads a queued picture and saves its idea with no 首页 open", async ({
  page,
  context,
  request,
  signedIn: alice,
}) => {
  const text = "后台同步的照片";
  const { box } = await captureOffline(page, text);
  await box.press("Control+Enter");
  await expect(page.locator('[data-slot="feed-item"]').filter({ hasText: text })).toContainText("待同步");
  // Leave 首页 (its queue stops), then come back online: only the worker can send it now.
  await page.goto("/user-agreement");
  await expect(page.getByRole("heading", { name: "拾念用户协议" })).toBeVisible();

  await fireCaptureSync(context, page);
  await expect
    .poll(async () => (await ideasOf(request, alice.token)).map((i) => [i.content, i.attachments?.length]), {
      timeout: 15_000,
    })
    .toEqual([[text, 1]]);
  await expect.poll(() => queueOnDevice(page)).toEqual([]);

  await page.goto("/");
  const card = page.locator('[data-slot="feed-item"]').filter({ hasText: text });
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText("待同步");
  await expect(card.getByRole("list", { name: "图片" }).getByRole("img")).toHaveCount(1);
  expect(await ideasOf(request, alice.token)).toHaveLength(1);
});

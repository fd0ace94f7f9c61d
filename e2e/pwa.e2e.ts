import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test.use({ serviceWorkers: "allow" });

test("PWA: manifest, and the app shell opens offline with a clear offline state", async ({
  page,
  context,
  request,
  signedIn: _signedIn,
}) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ name: "拾念", theme_color: "#c2410c" });
  await page.goto("/");
  await expect(page.getByPlaceholder("记录一个想法…")).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Visit a lazily loaded screen once so its chunk is cached too.
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "个人资料" })).toBeVisible();

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByText("你已离线")).toBeVisible();
  await expect(page.getByPlaceholder("记录一个想法…")).toBeVisible();
  await page.getByPlaceholder("记录一个想法…").fill("离线时写下的想法");
  await shot(page, "40-offline");
  await context.setOffline(false);
});

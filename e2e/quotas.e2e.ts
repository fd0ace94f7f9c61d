import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

// The local-mode server runs with QUOTA_BYTES=2MiB (e2e/serve.mjs): small enough to fill here.

test("存储空间: /profile shows what the account uses; a capture past the quota is refused with its reason and kept", async ({
  page,
  request,
  signedIn,
}) => {
  const auth = { Authorization: `Bearer ${signedIn.token}` };
  for (const content of ["第一条想法", "第二条想法"]) {
    expect((await request.post("/api/ideas", { headers: auth, data: { content } })).status()).toBe(201);
  }
  await page.goto("/profile");
  const card = page.locator("[data-slot=usage-card]");
  await expect(card.getByRole("heading", { name: "存储空间" })).toBeVisible();
  await expect(card.getByText("回收站里的内容也占用空间")).toBeVisible();
  await expect(card.getByRole("progressbar", { name: "想法和笔记：2 条 / 100,000 条" })).toBeVisible();
  await expect(card.getByRole("progressbar", { name: /^已用空间：1 KB \/ 2 MB$/ })).toBeVisible();

  // Fill the storage to a few bytes short of the limit with long notes (3 bytes a character).
  const usage = async () =>
    (
      (await (await request.get("/api/profile/usage", { headers: auth })).json()) as {
        data: { bytes: number; maxBytes: number };
      }
    ).data;
  for (let left = (await usage()).maxBytes - (await usage()).bytes; left > 30; ) {
    const chars = Math.min(200_000, Math.floor((left - 3 - 15) / 3));
    const made = await request.post("/api/notes", {
      headers: auth,
      data: { title: "满", content: "字".repeat(chars) },
    });
    expect(made.status()).toBe(201);
    const now = await usage();
    left = now.maxBytes - now.bytes;
  }

  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("放不下的新想法");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  const refused = page.getByRole("list", { name: "未能保存的想法" });
  await expect(refused.getByText("放不下的新想法")).toBeVisible();
  await expect(refused.getByText(/^未能保存：存储空间已用完（上限 2 MB，回收站里的也算在内）/)).toBeVisible();
  // a refusal, not a wait: nothing left 待同步 to be sent again and again
  await expect(page.getByText(/条想法待同步/)).toHaveCount(0);
  await shot(page, "80-quota-refused");

  await page.goto("/profile");
  await expect(card.getByText("快到上限了")).toBeVisible();
  await expect(card.getByRole("progressbar", { name: /^想法和笔记：\d+ 条/ })).toBeVisible();
  await shot(page, "81-profile-usage");
});

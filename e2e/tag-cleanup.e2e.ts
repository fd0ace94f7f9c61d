import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

/** Two ideas whose tags differ only in 繁简, and one tag used once. */
async function nearDuplicates(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  for (const content of ["读完《活着》 #读书", "图书馆借书 #读书", "重读序言 #讀書", "周末看展 #看展"]) {
    const res = await request.post("/api/ideas", { headers, data: { content } });
    expect(res.status()).toBe(201);
  }
}

test("标签整理 from 首页's tag column: 读书 and 讀書 merged after a confirmation, the feed then shows one tag", async ({
  page,
  request,
  signedIn: user,
}) => {
  await nearDuplicates(request, user.token);
  await page.goto("/");
  const column = page.getByRole("complementary", { name: "标签栏" });
  await expect(column.getByRole("button", { name: "讀書，1 条" })).toBeVisible();
  await column.getByRole("link", { name: "标签整理" }).click();

  await expect(page.getByRole("heading", { name: "标签整理", level: 1 })).toBeVisible();
  const group = page.locator("[data-slot=tag-cleanup-group]");
  await expect(group).toHaveCount(1);
  await expect(group.getByRole("radio", { name: /读书/ })).toBeChecked();
  await expect(page.locator("[data-slot=tag-cleanup-singleton]")).toHaveText(["#看展重命名"]);
  await shot(page, "96-tag-cleanup");

  await group.getByRole("button", { name: "合并到 读书" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("把「讀書」合并到「读书」？")).toBeVisible();
  await confirm.getByRole("button", { name: "合并" }).click();
  await expect(page.getByText("已合并到「读书」")).toBeVisible();
  await expect(group).toHaveCount(0);

  await page.goto("/");
  await expect(column.getByRole("button", { name: "读书，3 条" })).toBeVisible();
  await expect(column.getByRole("button", { name: /^讀書，/ })).toHaveCount(0);
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText("重读序言")).toBeVisible();
  await expect(list.getByText("讀書")).toHaveCount(0);
});

test("标签整理 renames a tag used once, after the rename dialog says how many items change", async ({
  page,
  request,
  signedIn: user,
}) => {
  await nearDuplicates(request, user.token);
  await page.goto("/tag-cleanup");
  await page.getByRole("button", { name: "重命名 看展" }).click();
  const dialog = page.getByRole("dialog", { name: "改名或合并标签" });
  await dialog.getByRole("textbox", { name: "新名称" }).fill("展览");
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("将把 1 条内容的「看展」改为「展览」")).toBeVisible();
  await page.getByRole("button", { name: "确认改名" }).click();
  await expect(page.getByText("已把「看展」改为「展览」")).toBeVisible();
  await expect(page.locator("[data-slot=tag-cleanup-singleton]")).toHaveText(["#展览重命名"]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("标签整理 opens from the tag sheet and merges by touch; nothing left says the tags are tidy", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    for (const content of ["读完《活着》 #读书", "重读序言 #讀書"]) {
      expect((await request.post("/api/ideas", { headers, data: { content } })).status()).toBe(201);
    }
    await page.goto("/");
    await page.getByRole("button", { name: "标签", exact: true }).tap();
    await page.getByRole("dialog", { name: "标签" }).getByRole("link", { name: "标签整理" }).tap();
    await expect(page.getByRole("heading", { name: "标签整理", level: 1 })).toBeVisible();
    const merge = page.getByRole("button", { name: "合并到 读书" });
    const box = await merge.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "97-phone-tag-cleanup");
    await merge.tap();
    await page.getByRole("alertdialog").getByRole("button", { name: "合并" }).tap();
    await expect(page.getByText("标签很整齐，没有需要整理的")).toBeVisible();

    await page.goto("/");
    const list = page.getByRole("list", { name: "想法和笔记" });
    await expect(list.getByText("重读序言")).toBeVisible();
    await expect(list.getByText("讀書")).toHaveCount(0);
    await page.getByRole("button", { name: "标签", exact: true }).tap();
    await expect(
      page.getByRole("dialog", { name: "标签" }).getByRole("button", { name: "读书，2 条" }),
    ).toBeVisible();
  });
});

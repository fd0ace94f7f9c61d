import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("置顶 on the reading view saves at once and leads 首页; 删除 and 撤销 in a toast", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    for (const content of ["最早的一条", "中间的一条", "最新的一条"])
      expect((await request.post("/api/ideas", { headers, data: { content } })).status()).toBe(201);
    await page.goto("/");
    const cards = page.getByRole("list", { name: "想法和笔记" }).getByRole("article");
    await expect(cards.first()).toContainText("最新的一条");

    await cards.getByRole("button", { name: /最早的一条/ }).click();
    await page.getByRole("button", { name: "置顶" }).click();
    await expect(page.getByRole("button", { name: "已置顶" })).toBeVisible();
    await shot(page, "56-pinned-reading-390");
    // 返回, as an installed PWA has no back button: 首页, with the pin first
    await page.getByRole("button", { name: "返回", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards.first()).toContainText("最早的一条");
    await expect(cards.first()).toContainText("已置顶");
    await expect(cards.nth(1)).toContainText("最新的一条");

    await cards.getByRole("button", { name: /中间的一条/ }).click();
    await page.getByRole("button", { name: "更多操作" }).click();
    await page.getByRole("menuitem", { name: "删除" }).click();
    await page
      .getByRole("alertdialog", { name: "删除这个想法？" })
      .getByRole("button", { name: "删除" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.getByRole("status").filter({ hasText: "想法已移到回收站" });
    const undo = toast.getByRole("button", { name: "撤销" });
    await expect(undo).toBeVisible();
    const box = (await undo.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await expect(cards).toHaveCount(2);
    await shot(page, "57-undo-toast-390");
    await undo.tap();
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText("最早的一条");
  });
});

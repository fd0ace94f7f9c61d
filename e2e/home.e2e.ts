import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

// Every test in this file starts signed in: taking the fixture is all it takes.
test.beforeEach(async ({ signedIn: _signedIn }) => {});

test("capture with Ctrl+Enter appears in the list, and the draft survives a reload", async ({
  page,
  signedIn: user,
}) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("周末去植物园拍银杏");
  await composer.press("Control+Enter");
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText("周末去植物园拍银杏")).toBeVisible();
  await expect(composer).toHaveValue("");
  // Once the offline queue has the idea, the kept draft no longer holds its text.
  await expect
    .poll(() =>
      page.evaluate((id) => localStorage.getItem(`shinian:draft:${id}/composer`) ?? "", user.user.id),
    )
    .not.toContain("周末去植物园拍银杏");

  await composer.fill("还没保存的草稿");
  await page.reload();
  await expect(page.getByPlaceholder("记录一个想法…")).toHaveValue("还没保存的草稿");
  await expect(list.getByText("周末去植物园拍银杏")).toBeVisible();
  await shot(page, "20-home-with-idea");
});

test("opening 首页 asks for the session and the first page once each, started before the app's code", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path === "/api/auth/me" || path === "/api/feed") asked.push(path);
  });
  await page.goto("/");
  await expect(page.getByText("还没有内容")).toBeVisible();
  await page.waitForLoadState("networkidle");
  // boot.js started both from the page's head; the app took its answers instead of asking again,
  // and the route's preload and its load share one first page.
  expect(asked.sort()).toEqual(["/api/auth/me", "/api/feed"]);
  const early = await page.evaluate(
    () => (window as { __shinianEarly?: { answers: object } }).__shinianEarly?.answers,
  );
  expect(early).toEqual({});
});

test("a capture made while the list is still loading stays in the list", async ({ page }) => {
  // the first page is answered only after the capture was saved, as on a slow connection
  let release = () => {};
  const captured = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/feed?*", async (route) => {
    const response = await route.fetch();
    await captured;
    await route.fulfill({ response });
  });
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("一打开就记下的想法");
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/ideas") && r.request().method() === "POST",
  );
  await composer.press("Control+Enter");
  await saved;
  release();
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(page.getByText("还没有内容")).toBeHidden();
  await expect(list.getByText("一打开就记下的想法")).toBeVisible();
});

test("Enter inside an IME composition does not save", async ({ page }) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("zhong");
  await composer.evaluate((el) => {
    el.dispatchEvent(new CompositionEvent("compositionstart", { bubbles: true, data: "" }));
    for (const ctrlKey of [false, true]) {
      el.dispatchEvent(
        new KeyboardEvent("keydown", {
          key: "Enter",
          code: "Enter",
          ctrlKey,
          isComposing: true,
          keyCode: 229,
          bubbles: true,
          cancelable: true,
        }),
      );
    }
  });
  await page.waitForTimeout(500);
  await expect(composer).toHaveValue("zhong");
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByRole("article")).toHaveCount(0);
});

test("tabs filter the list and search highlights Chinese words", async ({ page, request }) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  for (const text of ["今天想到一个关于产品设计的好点子", "晚上读完了三体第二部"]) {
    await composer.fill(text);
    await composer.press("Control+Enter");
    await expect(page.getByRole("list", { name: "想法和笔记" }).getByText(text)).toBeVisible();
  }
  void request;
  await page.getByRole("tab", { name: "笔记" }).click();
  await expect(page.getByText("还没有内容")).toBeVisible();
  await page.getByRole("tab", { name: "想法" }).click();
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByRole("article")).toHaveCount(2);

  const pill = page.getByRole("search").getByRole("textbox");
  await pill.fill("产品设计");
  await pill.press("Enter");
  const results = page.getByRole("region", { name: "搜索结果" });
  await expect(results.locator("mark").first()).toBeVisible();
  await expect(results.getByRole("article")).toHaveCount(1);
  await shot(page, "21-search");
  await pill.fill("");
  await expect(page.getByRole("list", { name: "想法和笔记" })).toBeVisible();
});

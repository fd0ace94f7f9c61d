import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiUser, newAccount, PASSWORD, shot, signIn } from "./helpers.ts";
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

test("首页's toolbar at 320–430 px: the tabs and 更多 on one line, the four actions on the next, every target 44 px inside the screen", async ({
  page,
  request,
  signedIn,
}) => {
  await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${signedIn.token}` },
    data: { content: "周末去爬山。#读书/小说" },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/?tag=${encodeURIComponent("读书/小说")}`);
  await expect(page.getByText("周末去爬山")).toBeVisible();
  const toolbar = page.locator('[data-slot="home-toolbar"]');
  for (const width of [320, 360, 375, 390, 414, 430]) {
    await page.setViewportSize({ width, height: 844 });
    const boxes = await toolbar.evaluate((bar) => {
      const edge = bar.getBoundingClientRect().right;
      // the chosen tag's × takes taps 44 px around (Tag's own story checks it)
      return [...bar.querySelectorAll("button, a")]
        .filter((el) => !el.closest("[data-slot=tag]"))
        .map((el) => {
          const r = el.getBoundingClientRect();
          const name = el.getAttribute("aria-label") || el.textContent || "";
          return {
            name,
            top: Math.round(r.top + r.height / 2),
            right: r.right <= edge + 0.5,
            tall: r.height >= 44,
            wide: r.width >= 44,
          };
        });
    });
    // one line: the middles within a few px (the tabs' underline border shifts theirs)
    const middle = (name: string) => boxes.find((b) => b.name === name)?.top ?? Number.NaN;
    const line = (names: string[]) => {
      const middles = names.map(middle);
      return Math.max(...middles) - Math.min(...middles) <= 4 ? 1 : middles.join("/");
    };
    expect({
      width,
      first: line(["全部", "想法", "笔记", "更多"]),
      second: line(["标签", "多选", "新建笔记", "每日回顾"]),
    }).toEqual({ width, first: 1, second: 1 });
    for (const b of boxes)
      expect({ width, ...b, top: 0 }).toEqual({
        width,
        name: b.name,
        top: 0,
        right: true,
        tall: true,
        wide: true,
      });
  }
  await shots(page, "97-home-toolbar-tag", [320, 390, 1440]);
  // on a desktop it is one line: the tabs and the chosen tag on the left, the actions on the right
  await page.setViewportSize({ width: 1440, height: 900 });
  const tops = await toolbar.evaluate((bar) =>
    [...bar.querySelectorAll("button, a")].map((el) => {
      const r = el.getBoundingClientRect();
      return r.top + r.height / 2;
    }),
  );
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
});

test.describe("a stranger on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("注册 first, the agreement over the form, the guide skipped, no shortcuts, 更多 › 回收站, a floating 记录想法", async ({
    page,
    request,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "注册拾念" })).toBeVisible();
    await expect(page.getByText("拾念：随手记下想法，AI 帮你整理和找回。")).toBeVisible();
    await expect(page.getByRole("tab", { name: "注册" })).toHaveAttribute("aria-selected", "true");
    await shots(page, "90-login", [390, 1440]);
    await page.setViewportSize({ width: 390, height: 844 });

    const account = newAccount();
    await page.getByLabel("账号").fill(account);
    await page.getByLabel("密码").fill(PASSWORD);
    await page.getByRole("link", { name: "《隐私政策》" }).click();
    const policy = page.getByRole("dialog", { name: "拾念隐私政策" });
    await expect(policy).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(policy).toBeHidden();
    await expect(page.getByLabel("账号")).toHaveValue(account);
    const agree = page.locator('[data-slot="checkbox"]');
    expect((await agree.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "注册" }).click();

    await expect(page).toHaveURL(/\/guide$/);
    await expect(page.getByText("已经在用 flomo 或 memos？")).toBeVisible();
    await expect(page.getByRole("link", { name: "从 flomo / memos 导入" })).toBeVisible();
    await expect(page.locator("main, body").first()).not.toContainText("⌘");
    // the tour's cards stack: one above the other, at the same left edge
    const tour = page.locator('[data-slot="card"]').filter({ hasText: /^(记录|整理|提问)/ });
    const [first, second] = [await tour.nth(0).boundingBox(), await tour.nth(1).boundingBox()];
    expect(second!.x).toBe(first!.x);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    await shots(page, "91-guide", [390, 1440]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "跳过" }).click();

    await expect(page).toHaveURL(/\/quick-introduction$/);
    await expect(page.locator("body")).not.toContainText("⌘");
    await expect(page.locator("body")).not.toContainText("按 /");
    await page.getByRole("link", { name: "开始使用" }).click();
    await expect(page).toHaveURL(/\/$/);
    const empty = page.locator('[data-slot="empty-state"]');
    await expect(empty).toContainText("还没有内容");
    await expect(empty).not.toContainText("⌘");
    await expect(empty.getByRole("link", { name: "从 flomo / memos 导入" })).toHaveAttribute(
      "href",
      "/profile#import",
    );
    await shots(page, "92-home-empty", [390, 1440]);
    await page.setViewportSize({ width: 390, height: 844 });
    // skipped is kept: a reload stays on 首页
    await page.reload();
    await expect(page).toHaveURL(/\/$/);

    const token = await page.evaluate(() => localStorage.getItem("auth_token"));
    for (let i = 1; i <= 12; i++)
      await request.post("/api/ideas", {
        headers: { Authorization: `Bearer ${token}` },
        data: { content: `第 ${i} 条想法：一段足够长的文字，好让首页的列表在手机上滚起来。` },
      });
    await page.reload();
    const fab = page.getByRole("button", { name: "记录想法" });
    await expect(page.getByText("第 12 条想法")).toBeVisible();
    await expect(fab).toHaveCount(0);
    await shots(page, "93-home", [390, 1440]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.mouse.wheel(0, 1500);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(fab).toBeVisible();
    expect((await fab.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await shot(page, "94-home-fab-390");
    await fab.tap();
    await expect(page.getByPlaceholder("记录一个想法…")).toBeFocused();

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("button", { name: "更多" }).tap();
    await page.getByRole("menuitem", { name: "回收站" }).tap();
    await expect(page).toHaveURL(/\/trash$/);

    await page.goto("/help");
    await expect(page.getByRole("heading", { name: "用户指南" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "自我介绍" })).toHaveCount(0);
    await shots(page, "95-help", [390, 1440]);
    await page.goto("/profile");
    await expect(page.locator('[data-slot="profile-habit"]')).toHaveText("已使用 1 天 · 本月记录 12 条");
    await shots(page, "96-profile", [390, 1440]);
    await page.setViewportSize({ width: 390, height: 844 });

    // signed out, this device is greeted with 登录
    await page.evaluate(() => localStorage.removeItem("auth_token"));
    await page.goto("/login");
    await expect(page.getByRole("tab", { name: "登录" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "登录拾念" })).toBeVisible();
  });
});

test.describe("with a model to tidy with", () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_AI_PORT}` });

  test("the guide asks 自动整理 once, with its cost, and keeps the answer", async ({
    page,
    context,
    request,
  }) => {
    const user = await apiUser(request, { guided: false });
    await signIn(context, user);
    await page.goto("/");
    await expect(page).toHaveURL(/\/guide$/);
    const ask = page.locator('[data-slot="card"]').filter({ hasText: "要开启自动整理吗？" });
    await expect(ask).toContainText(/每条消耗 \d+ 个 AI 点数/);
    await ask.getByRole("button", { name: "暂不开启" }).click();
    await expect(ask.getByRole("button", { name: "暂不开启" })).toHaveAttribute("aria-pressed", "true");
    const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${user.token}` } });
    expect((await me.json()).data.settings).toMatchObject({ autoTidy: false, autoTidyChosen: true });
    await page.reload();
    await expect(page.getByText("介绍一下你自己")).toBeVisible();
    await expect(page.getByText("要开启自动整理吗？")).toHaveCount(0);
  });

  test("an account that finished the guide without choosing is asked once on 首页, and the card goes", async ({
    page,
    context,
    request,
  }) => {
    const user = await apiUser(request, { autoTidyChosen: false }); // guided, 自动整理 never chosen
    await signIn(context, user);
    await page.goto("/");
    const ask = page.locator('[data-slot="card"]').filter({ hasText: "要开启自动整理吗？" });
    await ask.getByRole("button", { name: "开启自动整理" }).click();
    await expect(ask).toHaveCount(0);
    const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${user.token}` } });
    expect((await me.json()).data.settings).toMatchObject({ autoTidy: true, autoTidyChosen: true });
    await page.reload();
    await expect(page.getByPlaceholder("记录一个想法…")).toBeVisible();
    await expect(page.getByText("要开启自动整理吗？")).toHaveCount(0);
  });
});

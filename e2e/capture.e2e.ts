import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("share target: text shared from another app waits in the composer, once", async ({
  page,
  request,
  signedIn: _signedIn,
}) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest.share_target).toMatchObject({ action: "/", method: "GET" });
  expect(manifest.icons.filter((i: { purpose: string }) => i.purpose === "maskable")).toHaveLength(2);
  const link = "https://example.com/a";
  await page.goto(`/?${new URLSearchParams({ title: "好文章", text: `值得一读 ${link}`, url: link })}`);
  const composer = page.getByPlaceholder("记录一个想法…");
  await expect(composer).toHaveValue(`好文章\n值得一读 ${link}`);
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(composer).toHaveValue(`好文章\n值得一读 ${link}`);
});

test("access tokens: made in 隐私与安全 with a scope; a 仅记录 token captures (also by its flomo URL) and reads nothing, until revoked", async ({
  page,
  request,
  signedIn: _signedIn,
}) => {
  await page.goto("/privacy-security");
  await page.getByLabel("令牌名称").fill("我的 iPhone");
  await expect(page.getByLabel("权限")).toHaveValue("capture");
  await page.getByRole("button", { name: "创建令牌" }).click();
  await expect(page.getByText("令牌「我的 iPhone」已创建")).toBeVisible();
  const token = (await page
    .locator("code")
    .filter({ hasText: /^sn_pat_/ })
    .textContent())!;
  const flomoUrl = (await page.locator("code").filter({ hasText: "/iwh/" }).textContent())!;
  expect(flomoUrl).toBe(`${new URL(page.url()).origin}/iwh/${token}/`);
  await shot(page, "74-capture-token");

  const auth = { Authorization: `Bearer ${token}` };
  const made = await request.post("/api/ideas", { headers: auth, data: { content: "从快捷指令记下的想法" } });
  expect(made.status()).toBe(201);
  expect((await request.get("/api/feed", { headers: auth })).status()).toBe(403);
  const flomo = await request.post(flomoUrl, { data: { content: "flomo 工具记下的 #工具" } });
  expect(await flomo.json()).toMatchObject({ code: 0, memo: { tags: ["工具"] } });

  const tokens = page.getByRole("list", { name: "访问令牌" });
  await page.reload();
  await expect(tokens.getByText("我的 iPhone")).toBeVisible();
  await expect(tokens.getByText("仅记录")).toBeVisible();
  await expect(tokens.getByText(/最近使用：/)).toBeVisible();
  await tokens.getByRole("button", { name: "撤销" }).click();
  await expect(tokens).toHaveCount(0);
  expect((await request.post("/api/ideas", { headers: auth, data: { content: "撤销之后" } })).status()).toBe(
    401,
  );

  await page.goto("/");
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText("从快捷指令记下的想法")).toBeVisible();
  await expect(list.getByText(/flomo 工具记下的/)).toBeVisible();
});

test("收藏到拾念: the bookmarklet from 隐私与安全, run on another site's page, opens the composer with its title, address and selection", async ({
  page,
  context,
  signedIn: _signedIn,
}) => {
  await page.goto("/privacy-security");
  const href = (await page.getByRole("link", { name: "收藏到拾念" }).getAttribute("href"))!;
  expect(href).toMatch(/^javascript:/);
  const article = "https://example.com/posts/1";
  await page.route(article, (route) =>
    route.fulfill({
      contentType: "text/html; charset=utf-8",
      body: "<!doctype html><title>一篇好文章</title><p>开头</p><p id=quote>值得记下的一句话</p>",
    }),
  );
  await page.goto(article);
  await page.evaluate(() => getSelection()!.selectAllChildren(document.getElementById("quote")!));
  const [opened] = await Promise.all([
    context.waitForEvent("page"),
    page.evaluate(href.slice("javascript:".length)),
  ]);
  await expect(opened.getByPlaceholder("记录一个想法…")).toHaveValue(
    `一篇好文章\n值得记下的一句话\n${article}`,
  );
});

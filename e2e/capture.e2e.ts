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

test("capture tokens: made in 隐私与安全, they create ideas and nothing else, until revoked", async ({
  page,
  request,
  signedIn: _signedIn,
}) => {
  await page.goto("/privacy-security");
  await page.getByLabel("令牌名称").fill("我的 iPhone");
  await page.getByRole("button", { name: "创建令牌" }).click();
  await expect(page.getByText("令牌「我的 iPhone」已创建")).toBeVisible();
  const token = (await page
    .locator("code")
    .filter({ hasText: /^sn_cap_/ })
    .textContent())!;
  await shot(page, "74-capture-token");

  const auth = { Authorization: `Bearer ${token}` };
  const made = await request.post("/api/ideas", { headers: auth, data: { content: "从快捷指令记下的想法" } });
  expect(made.status()).toBe(201);
  expect((await request.get("/api/feed", { headers: auth })).status()).toBe(403);

  const tokens = page.getByRole("list", { name: "快捷记录令牌" });
  await page.reload();
  await expect(tokens.getByText("我的 iPhone")).toBeVisible();
  await expect(tokens.getByText(/最近使用：/)).toBeVisible();
  await tokens.getByRole("button", { name: "撤销" }).click();
  await expect(tokens).toHaveCount(0);
  expect((await request.post("/api/ideas", { headers: auth, data: { content: "撤销之后" } })).status()).toBe(
    401,
  );

  await page.goto("/");
  await expect(
    page.getByRole("list", { name: "想法和笔记" }).getByText("从快捷指令记下的想法"),
  ).toBeVisible();
});

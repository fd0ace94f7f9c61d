import { expect, test } from "./fixtures.ts";
import { PASSWORD, signIn } from "./helpers.ts";

test("401: a revoked session lands on /login; the capture it refused is kept and saved once after logging in again", async ({
  page,
  request,
  signedIn: user,
}) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("断网前没来得及保存的想法");

  const revoked = await request.post("/api/auth/logout", {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(revoked.ok()).toBe(true);

  await composer.press("Control+Enter");
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("user_info"))).toBeNull();

  await page.getByLabel("账号").fill(user.account);
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL(/\/$/);
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByRole("article").filter({ hasText: "断网前没来得及保存的想法" })).not.toContainText(
    "待同步",
  );
  await expect(page.getByRole("region", { name: "待同步的想法" })).toHaveCount(0);
  const login = await request.post("/api/auth/login", {
    data: { account: user.account, password: PASSWORD },
  });
  const token = (await login.json()).data.token;
  const ideas = await request.get("/api/ideas", { headers: { Authorization: `Bearer ${token}` } });
  expect((await ideas.json()).data.items.map((i: { content: string }) => i.content)).toEqual([
    "断网前没来得及保存的想法",
  ]);
});

test("logout clears all three keys and the drafts, and goes to /login", async ({
  page,
  signedIn: _signedIn,
}) => {
  await page.goto("/");
  await page.getByPlaceholder("记录一个想法…").fill("不该留给下一个人的草稿");
  await page.goto("/profile");
  await page.getByRole("button", { name: "退出登录" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const keys = await page.evaluate(() =>
    ["auth_token", "user_info", "needs_guide"].map((k) => localStorage.getItem(k)),
  );
  expect(keys).toEqual([null, null, null]);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("shinian:draft:"))),
  ).toEqual([]);
});

test("a stored token the server no longer knows is dropped at start: /login remembering the path", async ({
  page,
  context,
}) => {
  await signIn(context, {
    token: "revoked-or-made-up-token",
    user: { nickname: "旧用户", identityDescription: "x" },
  });
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page).toHaveTitle("登录 - 拾念");
  expect(
    await page.evaluate(() => [localStorage.getItem("auth_token"), localStorage.getItem("user_info")]),
  ).toEqual([null, null]);
});

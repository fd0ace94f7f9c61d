import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "./fixtures.ts";
import { apiUser, PASSWORD } from "./helpers.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

test("a link of npm run account:reset-password sets a new password in the app and ends the old sessions", async ({
  page,
  request,
  baseURL,
}) => {
  const user = await apiUser(request);
  await page.goto("/login");
  await page.getByRole("tab", { name: "登录" }).click();
  await expect(page.getByText("忘记密码？请联系本站管理员")).toBeVisible();

  // the operator's command, as `npm run account:reset-password` runs it, on the server's database
  const link = execFileSync(process.execPath, ["server/dist/account-reset-password.js", user.account], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: path.join(process.env.E2E_DATA_DIR!, "data"),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
    .toString()
    .trim();
  // the token after "#": browsers do not send it, so it is in no access log
  expect(link).toMatch(/\/reset-password#token=[\w-]{43}$/);

  await page.goto(link);
  await expect(page.getByText("设置新密码后，该账号在所有设备上的登录都会退出。")).toBeVisible();
  // read once, the token leaves the address bar and the history entry; the form still has it
  await expect(page).toHaveURL(/\/reset-password$/);
  expect(await page.evaluate(() => window.location.href)).not.toContain("token");
  await page.getByLabel("新密码", { exact: true }).fill("new-password-19");
  await page.getByLabel("确认新密码").fill("new-password-91");
  await page.getByRole("button", { name: "设置新密码" }).click();
  await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
  await page.getByLabel("确认新密码").fill("new-password-19");
  await page.getByRole("button", { name: "设置新密码" }).click();
  await expect(page.getByText("密码已重置")).toBeVisible();
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${user.token}` } });
  expect(me.status()).toBe(401);

  await page.getByRole("link", { name: "去登录" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("账号").fill(user.account);
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByText("账号或密码错误")).toBeVisible();
  await page.getByLabel("密码").fill("new-password-19");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL(/\/$/);

  // the link worked once
  await page.goto(link);
  await page.getByLabel("新密码", { exact: true }).fill("third-password-7");
  await page.getByLabel("确认新密码").fill("third-password-7");
  await page.getByRole("button", { name: "设置新密码" }).click();
  await expect(page.getByText("重置链接无效、已使用或已过期，请联系本站管理员重新获取")).toBeVisible();
});

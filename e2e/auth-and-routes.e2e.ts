import { expect, test } from "./fixtures.ts";
import { apiUser, newAccount, PASSWORD, shot } from "./helpers.ts";

test("register → guide → quick introduction → home", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  await expect(page).toHaveTitle("登录 - 拾念");
  await shot(page, "01-login");

  await page.getByRole("tab", { name: "注册" }).click();
  await page.getByLabel("账号").fill(newAccount());
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("button", { name: "注册" }).click();
  await expect(page.getByText("请先阅读并同意《用户协议》和《隐私政策》")).toBeVisible();
  await expect(page.getByRole("link", { name: "《用户协议》" })).toHaveAttribute("href", "/user-agreement");
  await expect(page.getByRole("link", { name: "《隐私政策》" })).toHaveAttribute("href", "/privacy-policy");
  await page.getByRole("checkbox").check();
  await shot(page, "02-register");
  await page.getByRole("button", { name: "注册" }).click();

  await expect(page).toHaveURL(/\/guide$/);
  await expect(page).toHaveTitle("用户指南 - 拾念");
  await expect(page.getByText("介绍一下你自己")).toBeVisible();
  await shot(page, "03-guide");
  await page.getByLabel("自我介绍").fill("我是一名设计师，喜欢读书和徒步。");
  await page.getByRole("button", { name: "保存并继续" }).click();

  await expect(page).toHaveURL(/\/quick-introduction$/);
  await expect(page).toHaveTitle("拾念");
  await expect(page.getByRole("listitem")).toHaveCount(4);
  await shot(page, "04-quick-introduction");
  await page.getByRole("link", { name: "开始使用" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("首页 - 拾念");
  await expect(page.getByPlaceholder("记录一个想法…")).toBeVisible();
  await expect(page.getByRole("search")).toBeVisible();
  await shot(page, "05-home-empty");
});

test("public pages are reachable logged out", async ({ page }) => {
  await page.goto("/user-agreement");
  await expect(page).toHaveTitle("用户协议 - 拾念");
  await expect(page.getByRole("heading", { name: "拾念用户协议" })).toBeVisible();
  await shot(page, "06-user-agreement");
  await page.goto("/privacy-policy");
  await expect(page).toHaveTitle("隐私政策 - 拾念");
  await expect(page.getByRole("heading", { name: "拾念隐私政策" })).toBeVisible();
  await shot(page, "07-privacy-policy");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown path goes to / (and logged out on to /login)", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
});

test("a protected route logged out goes to /login and comes back after login", async ({ page, request }) => {
  const user = await apiUser(request);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  // a device that never signed in is greeted with 注册; 登录 is one tab away
  await expect(page.getByRole("tab", { name: "注册" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "登录" }).click();
  await page.getByLabel("账号").fill(user.account);
  await page.getByLabel("密码").fill("wrong-password-1");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByText("账号或密码错误")).toBeVisible();
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle("个人资料 - 拾念");
});

test("/login opened directly is its own light page; its links and signing in carry on into the app", async ({
  page,
  request,
}) => {
  const user = await apiUser(request);
  const scripts: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  await page.goto("/login?redirect=%2Fprofile");
  await expect(page).toHaveTitle("登录 - 拾念");
  await expect(page.getByText("拾念：随手记下想法，AI 帮你整理和找回。")).toBeVisible();
  await expect(page.getByRole("button", { name: "注册" })).toBeVisible();
  // The router app's code waits until the person starts on the form.
  expect(scripts.filter((name) => name.includes("router-app"))).toEqual([]);

  // The agreement opens over the form, which keeps what was typed.
  await page.getByLabel("账号").fill(user.account);
  await page.getByRole("link", { name: "《用户协议》" }).click();
  const dialog = page.getByRole("dialog", { name: "拾念用户协议" });
  await expect(dialog).toContainText("一、服务内容");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await dialog.getByRole("button", { name: "我知道了" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("账号")).toHaveValue(user.account);

  await page.getByRole("tab", { name: "登录" }).click();
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle("个人资料 - 拾念");
});

test.describe("signed in", () => {
  test("a logged-in user at /login goes to /, and unknown paths go to /", async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle("首页 - 拾念");
    await page.goto("/somewhere-else");
    await expect(page).toHaveURL(/\/$/);
  });

  test("every route has its title (and nothing breaks the page's CSP)", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    const idea = await request.post("/api/ideas", {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { content: "标题测试用的想法" },
    });
    const ideaId = ((await idea.json()) as { data: { id: string } }).data.id;
    const note = await request.post("/api/notes", {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { title: "读书笔记", content: "# 第一章\n\n**重点**内容" },
    });
    const noteId = ((await note.json()) as { data: { id: string } }).data.id;
    const table: [string, string, string][] = [
      ["/", "首页 - 拾念", "home"],
      ["/guide", "用户指南 - 拾念", "guide-again"],
      ["/quick-introduction", "拾念", "quick-introduction-again"],
      ["/help", "用户指南 - 拾念", "help"],
      [`/ideas/${ideaId}`, "想法详情 - 拾念", "idea-detail"],
      [`/ideas/${ideaId}/original`, "原始想法 - 拾念", "original-idea"],
      [`/notes/${noteId}`, "笔记详情 - 拾念", "note-detail"],
      ["/chat", "AI助手 - 拾念", "chat"],
      ["/profile", "个人资料 - 拾念", "profile"],
      ["/ai-points", "AI点数 - 拾念", "ai-points"],
      ["/trash", "回收站 - 拾念", "trash"],
      ["/review", "每日回顾 - 拾念", "review"],
      ["/privacy-security", "隐私与安全 - 拾念", "privacy-security"],
      ["/user-agreement", "用户协议 - 拾念", "user-agreement-signed-in"],
      ["/privacy-policy", "隐私政策 - 拾念", "privacy-policy-signed-in"],
    ];
    for (const [path, title, name] of table) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, "\\/")}$`));
      await expect(page).toHaveTitle(title);
      await expect(page.getByText("加载中...")).toHaveCount(0);
      await shot(page, `10-${name}`);
    }
    expect(violations).toEqual([]);
  });
});

import { expect, test } from "@playwright/test";
import { newAccount, PASSWORD, shot } from "./helpers.ts";

// The core journey, run by the desktop project and by the phone project (390 × 844, touch).
test("core journey: register → guide → capture → search → idea detail → side chat → export @phone", async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === "phone";
  const tag = phone ? "phone" : "desktop";
  const noSideways = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

  await page.goto("/login");
  await page.getByRole("tab", { name: "注册" }).click();
  await page.getByLabel("账号").fill(newAccount());
  await page.getByLabel("密码").fill(PASSWORD);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "注册" }).click();

  await expect(page).toHaveURL(/\/guide$/);
  await page.getByLabel("自我介绍").fill("我是一名设计师，喜欢读书和徒步。");
  await page.getByRole("button", { name: "保存并继续" }).click();
  await expect(page).toHaveURL(/\/quick-introduction$/);
  await page.getByRole("link", { name: "开始使用" }).click();

  await expect(page).toHaveURL(/\/$/);
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("周末去西湖边跑步，顺便想想新产品的名字");
  await page.getByRole("button", { name: "保存", exact: true }).click();
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText("周末去西湖边跑步")).toBeVisible();
  await expect(composer).toHaveValue("");
  await noSideways();
  await shot(page, `70-${tag}-home`);

  const pill = page.getByRole("textbox", { name: "搜索想法或和AI助手聊天" });
  await pill.fill("跑步");
  await pill.press("Enter");
  const results = page.getByRole("region", { name: "搜索结果" });
  await results.getByRole("button", { name: /周末去西湖边跑步/ }).click();

  await expect(page).toHaveURL(/\/ideas\/[0-9a-f-]{36}$/);
  // read first: the idea as text, 编辑 opens the form
  await expect(page.locator('[data-slot="item-reader"]')).toContainText(
    "周末去西湖边跑步，顺便想想新产品的名字",
  );
  await expect(page.getByRole("button", { name: "编辑" })).toBeVisible();
  await noSideways();
  await shot(page, `71-${tag}-idea`);
  if (phone) await page.getByRole("tab", { name: "相关与AI" }).click();
  const ask = page.getByPlaceholder("关于这条想法，想问点什么？");
  await ask.fill("这个想法还能怎么发展？");
  await ask.press("Enter");
  const sideChat = page.getByRole("region", { name: "关于这条想法的 AI 对话" });
  await expect(sideChat.getByRole("article", { name: "AI 回答" })).toContainText("本地模式");
  await shot(page, `72-${tag}-side-chat`);

  await page.goto("/profile");
  await page.getByRole("button", { name: "导出全部数据" }).click();
  const card = page.locator('[data-slot="export-card"]');
  await expect(card.getByText("导出完成")).toBeVisible();
  await expect(card.getByText("想法 1 条 · 笔记 0 条 · 共 1 条")).toBeVisible();
  await noSideways();
  await shot(page, `73-${tag}-export`);
});

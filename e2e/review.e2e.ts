import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("每日回顾: opened from 首页 in one tap, one item marked 记住了, and 不再回顾 undone from the item's page", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  // captured three days ago: only items from before today come up for review
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  for (const content of ["三天前想到的读书计划", "三天前记下的跑步路线"])
    await request.post("/api/ideas", { headers, data: { content, capturedAt: threeDaysAgo } });

  await page.goto("/");
  await page.getByRole("link", { name: "每日回顾" }).click();
  await expect(page).toHaveTitle("每日回顾 - 拾念");
  const list = page.getByRole("list", { name: "今天要回顾的想法和笔记" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(page.getByText("已回顾 0 / 2")).toBeVisible();
  await expect(page.getByRole("heading", { name: "那年今日" })).toBeVisible();
  await expect(page.getByText("往年的今天还没有记录")).toBeVisible();
  await shot(page, "60-review");

  const first = list.getByRole("listitem").first();
  await first.getByRole("button", { name: "记住了" }).click();
  await expect(first.getByRole("button", { name: "已记住" })).toBeDisabled();
  await expect(page.getByText("已回顾 1 / 2")).toBeVisible();
  // the same after a reload: the day's set and what is done are kept on the server
  await page.reload();
  await expect(page.getByText("已回顾 1 / 2")).toBeVisible();

  const second = list.getByRole("listitem").nth(1);
  await second.getByRole("button", { name: "记住了" }).click();
  await expect(page.getByRole("status").filter({ hasText: "今天的回顾完成了" })).toBeVisible();
  await shot(page, "61-review-finished");

  // 不再回顾 takes it out of today's set; its page undoes it
  const text = ((await second.locator("article").textContent()) ?? "").includes("读书计划")
    ? "三天前想到的读书计划"
    : "三天前记下的跑步路线";
  await second.getByRole("button", { name: "不再回顾" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("不再出现在每日回顾中")).toBeVisible();
  await page.goto("/");
  await page.getByRole("list", { name: "想法和笔记" }).getByText(text).click();
  const exclusion = page.getByRole("button", { name: "不再回顾" });
  await expect(exclusion).toHaveAttribute("aria-pressed", "true");
  await exclusion.click();
  await expect(exclusion).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("会重新出现在每日回顾中")).toBeVisible();
  await page.goto("/review");
  await expect(page.getByRole("list", { name: "今天要回顾的想法和笔记" }).getByRole("listitem")).toHaveCount(
    2,
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("每日回顾 is one tap from 首页; 记住了 and 问AI work by touch, and nothing scrolls sideways", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await request.post("/api/ideas", {
      headers,
      data: { content: "三天前想到的读书计划", capturedAt: threeDaysAgo },
    });

    await page.goto("/");
    await page.getByRole("link", { name: "每日回顾" }).tap();
    await expect(page).toHaveTitle("每日回顾 - 拾念");
    const item = page.getByRole("list", { name: "今天要回顾的想法和笔记" }).getByRole("listitem");
    await expect(item).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "63-phone-review");

    await item.getByRole("button", { name: "问AI" }).tap();
    const sheet = page.getByRole("dialog", { name: "问AI" });
    await expect(sheet.getByRole("textbox")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();

    await item.getByRole("button", { name: "记住了" }).tap();
    await expect(page.getByRole("status").filter({ hasText: "今天的回顾完成了" })).toBeVisible();
  });
});

test("记住了 on a set that is no longer today's (past midnight, or the item gone elsewhere) shows the current set instead of failing", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const made = [];
  for (const content of ["三天前想到的读书计划", "三天前记下的跑步路线"]) {
    made.push(
      (
        await (
          await request.post("/api/ideas", { headers, data: { content, capturedAt: threeDaysAgo } })
        ).json()
      ).data,
    );
  }
  await page.goto("/review");
  const list = page.getByRole("list", { name: "今天要回顾的想法和笔记" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // deleted on another device while this page was open
  await request.delete(`/api/ideas/${made[0].id}`, { headers });
  await list
    .getByRole("listitem")
    .filter({ hasText: "读书计划" })
    .getByRole("button", { name: "记住了" })
    .click();
  await expect(page.getByText("这一条已不在今天的回顾里（可能已过零点），已换成最新的一组。")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByText("跑步路线")).toBeVisible();
});

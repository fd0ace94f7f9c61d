import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

async function seed(request: import("@playwright/test").APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  for (const content of ["第一个想法", "第二个想法"])
    await request.post("/api/ideas", { headers, data: { content } });
  await request.post("/api/notes", { headers, data: { title: "一篇笔记", content: "# 标题\n正文" } });
}

test("export: card states, completed with size and real counts, then the cooldown counted down, not failed", async ({
  page,
  request,
  signedIn: user,
}) => {
  await seed(request, user.token);
  // Hold the zip back a little so the processing card can be seen.
  await page.route("**/api/export", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/profile");
  const card = page.locator('[data-slot="export-card"]');
  await expect(card).toHaveCount(0);

  // Record every state the card passes through, however briefly.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { exportStates: string[] }).exportStates = seen;
    const record = () => {
      const state = document.querySelector('[data-slot="export-card"]')?.getAttribute("data-state") ?? "idle";
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "导出全部数据" }).click();
  await expect(card).toHaveAttribute("data-state", "processing");
  await expect(card.getByRole("button", { name: "取消" })).toBeVisible();
  await shot(page, "30-export-processing");
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^拾念导出_\d{8}_\d{6}\.zip$/);

  await expect(card).toHaveAttribute("data-state", "completed");
  await expect(card.getByText("导出完成")).toBeVisible();
  await expect(card.getByText("想法 2 条 · 笔记 1 条 · 共 3 条")).toBeVisible();
  await expect(card.getByText(/\d+\.\d\d MB/)).toBeVisible();
  await expect(card.getByRole("button", { name: "关闭" })).toBeVisible();
  const states = await page.evaluate(() => (window as unknown as { exportStates: string[] }).exportStates);
  expect(states.filter((state) => state !== "idle")).toEqual([
    "checking",
    "preparing",
    "processing",
    "downloading",
    "completed",
  ]);
  await shot(page, "31-export-completed");

  // The card floats over other screens too.
  await page.getByRole("button", { name: "返回首页" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(card).toHaveAttribute("data-state", "completed");

  // The export just made began the cooldown: 再次导出 waits with a countdown instead of failing.
  const wait = card.getByRole("button", { name: /^\d+ 分 \d+ 秒后可再次导出$/ });
  await expect(wait).toBeDisabled();
  await expect(card.getByRole("button", { name: "再次导出", exact: true })).toHaveCount(0);
  await shot(page, "32-export-cooldown");
  await card.getByRole("button", { name: "关闭" }).click();
  await expect(card).toHaveCount(0);

  await page.goto("/profile");
  await expect(page.getByTestId("export-next-allowed")).toContainText(
    /下次可导出时间：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/,
  );
  const button = page.getByRole("button", { name: /^\d+ 分 \d+ 秒后可再次导出$/ });
  await expect(button).toBeDisabled();
  const before = await button.textContent();
  await expect(button).not.toHaveText(before!, { timeout: 3_000 }); // it counts down
  await shot(page, "33-export-panel-cooldown");

  // A page that still believes the export is allowed (opened before it): the click meets the
  // cooldown in the fixed refusal text, and the card then waits too.
  let stale = true;
  await page.route("**/api/export/permission", async (route) => {
    if (!stale) return route.continue();
    stale = false;
    await route.fulfill({
      json: { success: true, message: "可以导出", data: { canExport: true, nextAllowedDate: null } },
    });
  });
  await page.reload();
  await page.getByRole("button", { name: "导出全部数据" }).click();
  await expect(card).toHaveAttribute("data-state", "error");
  await expect(card.getByRole("heading", { name: "导出失败" })).toBeVisible();
  await expect(
    card.getByText(/^暂时无法导出数据，下次可导出时间：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
  ).toBeVisible();
  await expect(card.getByText("你可以关闭此窗口，到时间后再导出")).toBeVisible();
  await expect(card.getByRole("button", { name: /后可再次导出$/ })).toBeDisabled();
  await card.getByRole("button", { name: "关闭" }).click();
  await expect(card).toHaveCount(0);
});

test("export: cancel aborts and the card goes away", async ({ page, signedIn: _user }) => {
  await page.route("**/api/export", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto("/profile");
  await page.getByRole("button", { name: "导出全部数据" }).click();
  const card = page.locator('[data-slot="export-card"]');
  await expect(card).toHaveAttribute("data-state", "processing");
  await card.getByRole("button", { name: "取消" }).click();
  await expect(card).toHaveCount(0);
});

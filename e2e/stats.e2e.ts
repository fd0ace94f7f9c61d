import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

/** Today in Beijing as the heatmap names it: 2026年3月1日. */
const beijingToday = () => {
  const [y, m, d] = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10).split("-").map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * Within two minutes of midnight in Beijing, waits for the new day: the ideas are captured and
 * then looked for on one day, whenever the suite runs.
 */
async function awayFromBeijingMidnight() {
  const msToMidnight = 86_400_000 - ((Date.now() + 8 * 3_600_000) % 86_400_000);
  if (msToMidnight < 120_000) await new Promise((r) => setTimeout(r, msToMidnight + 1_000));
}

test("记录统计 on /profile: two ideas captured today show in today's cell, the streak and the top tags", async ({
  page,
  signedIn: _signedIn,
}) => {
  test.setTimeout(test.info().timeout + 125_000);
  await awayFromBeijingMidnight();
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  const list = page.getByRole("list", { name: "想法和笔记" });
  for (const content of ["读完了第三章 #读书", "想重读一遍序言 #读书"]) {
    await composer.fill(content);
    // saved on the server, not only shown from the offline queue
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/ideas" && r.ok(),
    );
    await composer.press("Control+Enter");
    await saved;
    await expect(list.getByText(content.replace(" #读书", ""), { exact: false })).toBeVisible();
  }

  await page.goto("/profile");
  const stats = page.getByRole("region", { name: "记录统计" });
  await expect(stats.getByRole("img", { name: `${beijingToday()}：2 条` })).toBeVisible();
  await expect(stats.getByText(`${beijingToday()}：2 条`)).toBeVisible();
  const numbers = stats.locator("[data-slot=stats-numbers]");
  await expect(numbers.getByRole("definition").first()).toHaveText("1");
  await expect(numbers.getByRole("definition").nth(1)).toHaveText("2");
  await expect(stats.getByRole("figure", { name: /记录热力图，共 2 条/ })).toBeVisible();
  const tags = stats.locator("[data-slot=stats-tags]");
  await expect(tags.getByRole("listitem")).toHaveCount(1);
  await expect(tags.getByRole("listitem")).toContainText("2 条");
  await shot(page, "95-stats");

  // at 320 px the year scrolls inside its frame, the latest weeks in view; the page never sideways
  await page.setViewportSize({ width: 320, height: 800 });
  await stats.getByRole("figure").scrollIntoViewIfNeeded();
  await expect(stats.getByRole("img", { name: `${beijingToday()}：2 条` })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shot(page, "95-stats-320");
  await page.setViewportSize({ width: 1280, height: 800 });

  // a top tag leads to 首页 filtered by it
  await tags.getByRole("button", { name: "读书" }).click();
  await expect(page).toHaveURL(/\?tag=/);
});

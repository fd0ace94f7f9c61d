import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { APIRequestContext, Page } from "@playwright/test";
import type { AxeResults, ImpactValue } from "axe-core";
import { expect, test } from "./fixtures.ts";
import { apiUser } from "./helpers.ts";

// axe-core itself (Storybook's addon-a11y brings it), evaluated in the page: the engine of
// @axe-core/playwright without one more dependency. Evaluated rather than added as a <script>, so
// the app's Content-Security-Policy does not stop it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const FAILING: ImpactValue[] = ["serious", "critical"];
// Best practices, not WCAG rules, but what lets a screen reader jump around a screen: a <main>, one
// h1, headings that do not skip levels. They fail the test whatever axe's impact for them.
const STRUCTURE = ["landmark-one-main", "page-has-heading-one", "heading-order"];

type Screen = { name: string; path: string; before?: (page: Page) => Promise<void> };

/** One account with something on every screen: tagged ideas, a note, one from days ago, one in 回收站, one in 归档. */
async function seed(request: APIRequestContext) {
  const session = await apiUser(request);
  const headers = { Authorization: `Bearer ${session.token}` };
  const post = async (path: string, data: object) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return ((await res.json()) as { data: { id: string } }).data;
  };
  const idea = await post("/api/ideas", {
    content: "周末去西湖边跑步，想想新产品的名字。",
    tags: ["跑步", "产品"],
  });
  const note = await post("/api/notes", {
    title: "跑步训练计划",
    content: "## 第一周\n\n- 周二 5 公里轻松跑\n- 周六 长距离 10 公里\n\n> 循序渐进，别受伤。",
    tags: ["跑步"],
  });
  // saved once more, so its 历史版本 holds a version to compare
  const edited = await request.patch(`/api/notes/${note.id}`, {
    headers,
    data: { content: "## 第一周\n\n- 周二 5 公里轻松跑\n- 周六 长距离 12 公里\n\n> 循序渐进，别受伤。" },
  });
  expect(edited.ok(), `patch note: ${edited.status()}`).toBe(true);
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await post("/api/ideas", { content: "#读书/小说 《活着》读完了。", capturedAt: threeDaysAgo });
  const gone = await post("/api/ideas", { content: "一个不再需要的想法。" });
  expect((await request.delete(`/api/ideas/${gone.id}`, { headers })).ok()).toBe(true);
  const away = await post("/api/ideas", { content: "#读书 放进归档的想法。" });
  expect((await request.post(`/api/ideas/${away.id}/archive`, { headers })).ok()).toBe(true);
  return { session, idea, note };
}

/** Every violation of WCAG 2.1 A/AA and axe's best practices on the page now, one line each; ✘ fails. */
async function violations(page: Page, only: { type: "tag" | "rule"; values: string[] }) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOnly) =>
      (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
        runOnly,
        resultTypes: ["violations"],
      }),
    only,
  );
  return results.violations.map(
    (v) =>
      `${FAILING.includes(v.impact ?? null) || STRUCTURE.includes(v.id) ? "✘" : "·"} ${v.impact} ${v.id} ×${v.nodes.length}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** Opens a screen and waits until it has drawn its data, not its loading state. */
async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await page.waitForLoadState("networkidle");
  // the screen itself, not a redirect (a refused session would audit /login instead)
  expect(new URL(page.url()).pathname).toBe(new URL(screen.path, page.url()).pathname);
  await expect(page.locator('[data-slot="page-loading"], [aria-busy="true"]')).toHaveCount(0);
  await screen.before?.(page);
}

/**
 * The page is in `scheme` (public/boot.js sets data-theme when the system's setting changes) and the
 * colour transitions the switch starts have finished, so contrast is measured on the end colours.
 */
async function settle(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
  await page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
  });
}

async function audit(page: Page, screens: Screen[], found: Map<string, string[]>) {
  for (const screen of screens) {
    // Opened light, so only the switch to dark starts transitions.
    await page.emulateMedia({ colorScheme: "light" });
    await open(page, screen);
    await settle(page, "light");
    found.set(`${screen.name} (light)`, await violations(page, { type: "tag", values: TAGS }));
    // a scheme changes colours only: dark is checked for contrast, which keeps CI short
    await settle(page, "dark");
    found.set(`${screen.name} (dark)`, await violations(page, { type: "rule", values: ["color-contrast"] }));
  }
}

test("every screen, light and dark: no serious or critical WCAG 2.1 A/AA violation, a <main>, an h1, ordered headings (axe) @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { session, idea, note } = await seed(request);
  const found = new Map<string, string[]>();

  await audit(
    page,
    [
      { name: "/login", path: "/login" },
      {
        name: "/login 登录",
        path: "/login",
        before: (p) => p.getByRole("tab", { name: "登录" }).click(),
      },
      { name: "/reset-password", path: "/reset-password?token=a11y" },
      { name: "/user-agreement", path: "/user-agreement" },
      { name: "/privacy-policy", path: "/privacy-policy" },
    ],
    found,
  );

  await page.evaluate((s) => {
    localStorage.setItem("auth_token", s.token);
    localStorage.setItem("user_info", JSON.stringify(s.user));
    localStorage.setItem("needs_guide", "false");
  }, session);
  await audit(
    page,
    [
      { name: "/", path: "/" },
      { name: "/?q= (搜索)", path: `/?q=${encodeURIComponent("跑步")}` },
      { name: "/?tag= (标签)", path: `/?tag=${encodeURIComponent("跑步")}` },
      { name: "/ideas/:id", path: `/ideas/${idea.id}` },
      { name: "/ideas/:id/original", path: `/ideas/${idea.id}/original` },
      { name: "/notes/:id", path: `/notes/${note.id}` },
      { name: "/notes/:id#history (历史版本)", path: `/notes/${note.id}#history` },
      { name: "/chat", path: "/chat" },
      { name: "/review", path: "/review" },
      { name: "/trash", path: "/trash" },
      { name: "/archive", path: "/archive" },
      { name: "/tag-cleanup", path: "/tag-cleanup" },
      { name: "/insights (洞察)", path: "/insights" },
      { name: "/timeline?tag= (演变)", path: `/timeline?tag=${encodeURIComponent("跑步")}` },
      { name: "/profile", path: "/profile" },
      { name: "/ai-points", path: "/ai-points" },
      { name: "/privacy-security", path: "/privacy-security" },
      { name: "/help", path: "/help" },
      { name: "/guide", path: "/guide" },
      { name: "/quick-introduction", path: "/quick-introduction" },
    ],
    found,
  );

  const isFailing = (line: string) => line.startsWith("✘");
  const table = [...found].map(
    ([screen, lines]) => `${screen.padEnd(32)} ${lines.filter(isFailing).length} of ${lines.length}`,
  );
  console.log(`serious or critical violations per screen:\n${table.join("\n")}`);
  const failing = [...found].flatMap(([screen, lines]) =>
    lines.filter(isFailing).map((line) => `${screen}: ${line}`),
  );
  expect(failing, failing.join("\n")).toEqual([]);
});

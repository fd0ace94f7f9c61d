import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { apiUser, signIn } from "./helpers.ts";

// The first screens' JS budgets (docs/benchmarks-web.md): gzip -9 of every script the page loads
// until the network is idle, as `node scripts/js-size.mjs` counts it, at a phone's width and a
// desktop's (which also loads 首页's tag column). Deterministic for a given build: the bodies are
// gzipped here, whatever the server sends.
const KB = 1024;
// zod's core names each of its classes at run time: any bundle holding zod holds this string.
// app/docs/decisions.md keeps zod off the first screens (~27 kB gzip).
const ZOD_MARK = "$ZodType";
const budgets = { "/": 150 * KB, "/login": 100 * KB };
const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

type Session = Awaited<ReturnType<typeof apiUser>>;

/** The gzipped size of each script `path` loads until the network is idle, by file, and those with zod. */
async function scriptsLoaded(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const withZod: string[] = [];
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const file = new URL(response.url()).pathname;
    reads.push(
      response.body().then((body) => {
        sizes.set(file, gzipSync(body, { level: 9 }).length);
        if (body.includes(ZOD_MARK)) withZod.push(file);
      }),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  if (path === "/") {
    // The feed is drawn: 首页's first screen is whole, not its loading state.
    await expect(page.getByRole("list", { name: "想法和笔记" }).getByText("预算测试的想法 25")).toBeVisible();
    await page.waitForLoadState("networkidle");
  } else {
    // a browser that never signed in is greeted with 注册
    await expect(page.getByRole("button", { name: "注册", exact: true })).toBeVisible();
  }
  await Promise.all(reads);
  await page.close();
  return { sizes, withZod };
}

function report(label: string, sizes: Map<string, number>) {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const lines = [...sizes]
    .sort((a, b) => b[1] - a[1])
    .map(([file, bytes]) => `  ${file.padEnd(48)} ${(bytes / KB).toFixed(2).padStart(7)} kB`);
  console.log(`${label}: ${(total / KB).toFixed(2)} kB gzip in ${sizes.size} files\n${lines.join("\n")}`);
  return total;
}

async function measure(browser: Browser, baseURL: string, path: "/" | "/login", session?: Session) {
  for (const viewport of widths) {
    const context = await browser.newContext({ baseURL, viewport, serviceWorkers: "block" });
    if (session) await signIn(context, session);
    const { sizes, withZod } = await scriptsLoaded(context, path);
    const total = report(`${path} @${viewport.width}px`, sizes);
    await context.close();
    expect(
      total,
      `${path} at ${viewport.width} px loads ${(total / KB).toFixed(2)} kB of JS`,
    ).toBeLessThanOrEqual(budgets[path]);
    expect(withZod, `${path} at ${viewport.width} px loads zod`).toEqual([]);
  }
}

test("首页, signed in with a page of tagged ideas, loads at most 150 kB of JS (gzip) and no zod, on a phone and a desktop", async ({
  browser,
  baseURL,
  request,
}) => {
  const session = await apiUser(request);
  const headers = { Authorization: `Bearer ${session.token}` };
  // More than the feed's first page (20), tagged, so that the cards and the tag column are drawn.
  for (let i = 1; i <= 25; i++) {
    const res = await request.post("/api/ideas", {
      headers,
      data: { content: `预算测试的想法 ${i}`, tags: ["读书", i % 2 ? "散步" : "电影"] },
    });
    expect(res.ok()).toBe(true);
  }
  await measure(browser, baseURL!, "/", session);
});

test("/login loads at most 100 kB of JS (gzip) and no zod, on a phone and a desktop", async ({
  browser,
  baseURL,
}) => {
  await measure(browser, baseURL!, "/login");
});

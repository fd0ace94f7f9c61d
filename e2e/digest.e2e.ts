import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type apiUser, shot } from "./helpers.ts";

type Session = Awaited<ReturnType<typeof apiUser>>;

const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;
const HOUR = 3_600_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => day(Date.parse(`${d}T00:00:00Z`) + n * 24 * HOUR);

/**
 * The week a digest is due for now (Monday to Sunday, from Sunday 20:00 Beijing on), as the server
 * reckons it, and three capture times inside it no older than a capture may be (7 days).
 */
function dueWeek(now: number) {
  const shifted = day(now + 12 * HOUR); // Beijing wall time + 4 h: Sunday 20:00 reads as Monday 00:00
  const sunday = addDays(shifted, -((new Date(`${shifted}T00:00:00Z`).getUTCDay() + 6) % 7) - 1);
  const monday = addDays(sunday, -6);
  const latest = Math.min(Date.parse(`${sunday}T23:59:00+08:00`), now - 60_000);
  const label = (d: string) => `${Number(d.slice(5, 7))}月${Number(d.slice(8))}日`;
  return {
    label: `${label(monday)}至${label(sunday)}这一周`,
    times: [2, 1, 0].map((i) => new Date(latest - i * 60_000).toISOString()),
  };
}

async function addIdea(request: APIRequestContext, token: string, content: string, capturedAt: string) {
  const res = await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${token}` },
    data: { content, capturedAt },
  });
  expect(res.status()).toBe(201);
}

test.use({ baseURL: aiURL });

const TITLE =
  "read a digest: 每周 chosen in /profile, last week's 周报 drawn by the server, a dot on 更多 until it is opened, its counts and the reading, 让 AI 助手参考这份洞察";

test(TITLE, ({ page, request, signedIn }) => readADigest(page, request, signedIn, "desktop"));

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  test(TITLE, ({ page, request, signedIn }) => readADigest(page, request, signedIn, "phone"));
});

async function readADigest(page: Page, request: APIRequestContext, user: Session, device: string) {
  // 自动整理 off: only the digest spends points here
  await request.patch("/api/profile", {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { settings: { autoTidy: false } },
  });
  const week = dueWeek(Date.now());
  const [a, b, c] = week.times as [string, string, string];
  await addIdea(request, user.token, "#读书 开始读《置身事内》", a);
  await addIdea(request, user.token, "#读书 #跑步 读完一章去跑步", b);
  await addIdea(request, user.token, "#跑步 跑了五公里", c);

  await page.goto("/profile");
  const digest = page.getByLabel("周报/月报");
  await expect(digest).toHaveValue("off");
  await digest.selectOption("weekly");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("个人资料已更新")).toBeVisible();

  // turning it on draws the latest week at once; the dot comes with the next start of the app
  const more = page.getByRole("button", { name: "更多" });
  await expect(async () => {
    await page.goto("/");
    await expect(more).toContainText("1 份未读", { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, `97-digest-badge-${device}`);

  await more.click();
  await page.getByRole("menuitem", { name: /洞察.*1 份未读/ }).click();
  const list = page.getByRole("list", { name: "洞察列表" });
  const entry = list.getByRole("link", { name: /周报：读书和跑步的一周/ });
  await expect(entry).toContainText("未读");
  await entry.click();

  const card = page.getByRole("article", { name: "周报：读书和跑步的一周" });
  await expect(
    card.getByText(`${week.label}记下了 3 条想法、0 篇笔记。用得最多的标签：#读书（2）、#跑步（2）。`),
  ).toBeVisible();
  await expect(card.getByText(/这一周你在读书/)).toBeVisible();
  await expect(card.getByRole("list", { name: "引用" }).getByRole("link")).toHaveCount(2);
  await shot(page, `97-digest-${device}`);

  // off by default; on, it stays on
  const grounding = page.getByRole("checkbox", { name: /让 AI 助手参考这份洞察/ });
  await expect(grounding).not.toBeChecked();
  await grounding.check();
  await expect(grounding).toBeEnabled();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /让 AI 助手参考这份洞察/ })).toBeChecked();

  // opened: read, here and after a fresh start
  await page.goto("/");
  await expect(more).toBeVisible();
  await expect(more).not.toContainText("未读");
  await page.reload();
  await expect(more).not.toContainText("未读");
  await page.goto("/insights");
  await expect(list.getByRole("link", { name: /周报/ })).not.toContainText("未读");
}

import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type apiUser, shot } from "./helpers.ts";

type Session = Awaited<ReturnType<typeof apiUser>>;

const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;
const DAY = 86_400_000;

test.use({ baseURL: aiURL });

const TITLE =
  "演变: a tag's timeline oldest first with its 批注 count, the price first, 写演变 with the fake model opens the saved insight with its citations";

test(TITLE, ({ page, request, signedIn }) => seeHowAViewChanged(page, request, signedIn, "desktop"));

// the phone project runs only the journeys: this one on a phone here, touch and all
test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  test(TITLE, ({ page, request, signedIn }) => seeHowAViewChanged(page, request, signedIn, "phone"));
});

async function seeHowAViewChanged(page: Page, request: APIRequestContext, user: Session, device: string) {
  const headers = { Authorization: `Bearer ${user.token}` };
  const post = async (path: string, data: object) => {
    const res = await request.post(path, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  // 自动整理 off: only the 演变 spends points here
  await request.patch("/api/profile", { headers, data: { settings: { autoTidy: false } } });
  // captured (offline, say) 6 and 3 days ago: written out of order, listed by date
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();
  const middle = await post("/api/ideas", { content: "#陶艺 拉坯要稳，手要湿", capturedAt: at(3) });
  const first = await post("/api/ideas", { content: "#陶艺 第一次拉坯，泥总是歪", capturedAt: at(6) });
  await post("/api/ideas", { content: "#陶艺 其实我更喜欢手捏" });
  await post("/api/ideas", { content: "#陶艺 老师的电话，不给 AI 看", aiExcluded: true });
  await post(`/api/ideas/${first}/annotations`, { content: "换了一种泥，好多了" });

  // a tag's view: its 演变 is in 更多 (the tag column on a desktop, the sheet on a phone)
  await page.goto("/");
  if (device === "phone") {
    await page.getByRole("button", { name: "标签", exact: true }).tap();
    await page.getByRole("dialog", { name: "标签" }).getByRole("button", { name: "陶艺，4 条" }).tap();
  } else {
    await page
      .getByRole("complementary", { name: "标签栏" })
      .getByRole("button", { name: "陶艺，4 条" })
      .click();
  }
  await expect(page).toHaveURL(/\?tag=/);
  await page.getByRole("button", { name: "更多" }).click();
  await page.getByRole("menuitem", { name: "#陶艺 的演变" }).click();
  await expect(page.getByRole("heading", { name: "#陶艺 的演变", level: 1 })).toBeVisible();

  // oldest first (captured time, not the order written), 不让AI读取 shown too: it is the person's own
  const timeline = page.locator("[data-slot=timeline]");
  await expect(timeline.getByRole("link", { name: /^想法：/ })).toHaveText([
    /第一次拉坯/,
    /拉坯要稳/,
    /更喜欢手捏|老师的电话/,
    /更喜欢手捏|老师的电话/,
  ]);
  const firstItem = timeline.getByRole("listitem").filter({ hasText: "第一次拉坯" });
  await expect(firstItem.getByText("1 条批注")).toBeVisible();
  await expect(timeline.getByRole("listitem").filter({ hasText: "拉坯要稳" })).not.toContainText("批注");

  // the price first: 不让AI读取 is not read, nor counted
  await expect(
    page.getByText("将读取 3 条记录，不让AI读取的不算。生成需要 5 点，当前余额 100 点。"),
  ).toBeVisible();
  await shot(page, `97-timeline-${device}`);
  await page.getByRole("button", { name: "写演变" }).click();

  const card = page.getByRole("article", { name: "对拉坯的看法变了" });
  await expect(card).toBeVisible();
  await expect(card.getByText("演变", { exact: true })).toBeVisible();
  await expect(card).toContainText("前后不一");
  await expect(card).not.toContainText("[7]");
  const citations = card.getByRole("list", { name: "引用" }).getByRole("link");
  await expect(citations).toHaveCount(3);
  await expect(citations.first()).toHaveAttribute("href", `/ideas/${first}`);
  await expect(citations.nth(1)).toHaveAttribute("href", `/ideas/${middle}`);
  await shot(page, `97-evolution-${device}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // from a search, too: the query's timeline
  await page.goto(`/?q=${encodeURIComponent("拉坯")}`);
  await page.getByRole("button", { name: "看演变" }).click();
  await expect(page.getByRole("heading", { name: "「拉坯」 的演变", level: 1 })).toBeVisible();
  await expect(timeline.getByRole("link", { name: /^想法：/ })).toHaveText([/第一次拉坯/, /拉坯要稳/]);
  // too few for a story: said before anything runs, and 写演变 cannot be pressed
  await expect(
    page.getByText("这个范围里只有 2 条 AI 可以读取的记录，至少要 3 条才能生成洞察。"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "写演变" })).toBeDisabled();
}

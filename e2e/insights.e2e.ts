import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { type apiUser, shot } from "./helpers.ts";

type Session = Awaited<ReturnType<typeof apiUser>>;

const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;

async function addIdea(request: APIRequestContext, token: string, content: string, extra: object = {}) {
  const res = await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${token}` },
    data: { content, ...extra },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test.use({ baseURL: aiURL });

const TITLE =
  "洞察: the price first, a report over a tag with the fake model, listed, opened, its citation leads to the idea, deleted";

test(TITLE, ({ page, request, signedIn }) => runAnInsight(page, request, signedIn, "desktop"));

// the phone project runs only the journeys: this one on a phone here, touch and all
test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  test(TITLE, ({ page, request, signedIn }) => runAnInsight(page, request, signedIn, "phone"));
});

async function runAnInsight(page: Page, request: APIRequestContext, user: Session, device: string) {
  // 自动整理 off: only the 洞察 spends points here
  await request.patch("/api/profile", {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { settings: { autoTidy: false } },
  });
  const first = await addIdea(request, user.token, "#陶艺 第一次拉坯，泥总是歪");
  await addIdea(request, user.token, "#陶艺 拉坯要稳，手要湿");
  await addIdea(request, user.token, "#陶艺 其实我更喜欢手捏");
  await addIdea(request, user.token, "#陶艺 老师的电话，不给 AI 看", { aiExcluded: true });

  await page.goto("/");
  await page.getByRole("button", { name: "更多" }).click();
  await page.getByRole("menuitem", { name: "洞察" }).click();
  await expect(page.getByRole("heading", { name: "洞察", level: 1 })).toBeVisible();
  await expect(page.getByText("还没有洞察")).toBeVisible();

  const form = page.getByRole("form", { name: "生成洞察" });
  await form.getByLabel("范围").selectOption("tag");
  await form.getByLabel("标签").selectOption("陶艺");
  await form.getByLabel("视角").selectOption("inversion");
  // 不让AI读取 is not counted: three of the four
  await expect(
    form.getByText("将读取 3 条记录，不让AI读取的不算。生成需要 5 点，当前余额 100 点。"),
  ).toBeVisible();
  await shot(page, `96-insights-form-${device}`);
  await form.getByRole("button", { name: "生成" }).click();

  const card = page.getByRole("article", { name: "陶艺里的变化" });
  await expect(card).toBeVisible();
  await expect(card.getByText("逆向思考")).toBeVisible();
  await expect(card.getByText(/#陶艺 · 读了 3 条记录/)).toBeVisible();
  // the [9] the model made up is not kept
  await expect(card).not.toContainText("[9]");
  await expect(card.getByRole("list", { name: "引用" }).getByRole("link")).toHaveCount(3);
  await shot(page, `96-insight-${device}`);

  // an untitled idea is named by its first words, as the assistant names it
  await card.getByRole("link", { name: /^引用 1：想法：.*第一次拉坯/ }).click();
  await expect(page).toHaveURL(new RegExp(`/ideas/${first}$`));

  await page.goto("/insights");
  const list = page.getByRole("list", { name: "洞察列表" });
  await expect(list.getByRole("link", { name: /陶艺里的变化/ })).toBeVisible();
  await page.getByRole("searchbox", { name: "按标题搜索洞察" }).fill("没有这个");
  await expect(page.getByText("没有找到这样的洞察")).toBeVisible();
  await page.getByRole("searchbox", { name: "按标题搜索洞察" }).fill("变化");
  await list.getByRole("link", { name: /陶艺里的变化/ }).click();

  await page.getByRole("button", { name: "删除洞察" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click();
  await expect(page.getByRole("heading", { name: "洞察", level: 1 })).toBeVisible();
  await expect(page.getByText("还没有洞察")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

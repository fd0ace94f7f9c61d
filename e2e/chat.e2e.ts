import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;

async function addIdea(request: APIRequestContext, token: string, content: string, extra: object = {}) {
  const res = await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${token}` },
    data: { content, ...extra },
  });
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function balance(request: APIRequestContext, token: string) {
  const res = await request.get("/api/points", { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** The person chooses 自动整理 on (a new account has not chosen: off). */
async function chooseAutoTidy(request: APIRequestContext, token: string) {
  const res = await request.patch("/api/profile", {
    headers: { Authorization: `Bearer ${token}` },
    data: { settings: { autoTidy: true } },
  });
  expect(res.status()).toBe(200);
}

const log = (page: Page) => page.getByRole("log", { name: "对话内容" });
const composer = (page: Page) => page.getByRole("textbox", { name: "输入你的问题" });
const ask = async (page: Page, question: string) => {
  await composer(page).fill(question);
  await composer(page).press("Enter");
};

test.describe("本地模式 (no AI provider)", () => {
  test("answers from the user's own ideas, cites them as links, and costs nothing", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const ideaId = await addIdea(request, user.token, "周末想去上陶艺课，做一个自己的茶杯");
    await addIdea(request, user.token, "陶艺老师的秘密配方", { aiExcluded: true });
    await page.goto("/chat");
    await expect(page).toHaveTitle("AI助手 - 拾念");
    await expect(page.getByText("本地模式").first()).toBeVisible();
    await expect(page.getByText("本地模式 · 不消耗点数")).toBeVisible();

    await ask(page, "我关于陶艺有什么想法？");
    const answer = log(page).getByRole("article", { name: "AI 回答" });
    await expect(answer).toContainText("与「我关于陶艺有什么想法？」最相关的 1 条记录");
    await expect(answer).toContainText("周末想去上陶艺课");
    await expect(answer).not.toContainText("秘密配方");
    await expect(answer).toContainText("不消耗点数");
    await expect(log(page).getByRole("article", { name: "你的提问" })).toContainText(
      "我关于陶艺有什么想法？",
    );
    // the conversation got its name from the question
    await expect(page.getByRole("complementary", { name: "对话列表" })).toContainText(
      "我关于陶艺有什么想法？",
    );
    await shot(page, "50-chat-offline");

    // the answer's own [1] is a link to what it names, as the chip under it is
    const marker = answer.getByRole("link", { name: /^引用 1：想法：周末想去上陶艺课/ });
    await expect(marker).toHaveText("[1]");
    await marker.click();
    await expect(page).toHaveURL(new RegExp(`/ideas/${ideaId}$`));
    await page.goBack();
    await log(page)
      .getByRole("list", { name: "引用" })
      .getByRole("link", { name: /周末想去上陶艺课/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/ideas/${ideaId}$`));
    expect(await balance(request, user.token)).toBe(100);
  });

  test("a 最近 question says it looked at 30 days only, and 搜索全部 asks it again over everything in one tap", async ({
    page,
    request,
    signedIn: user,
  }) => {
    await addIdea(request, user.token, "在读《百年孤独》，马孔多下了四年雨");
    await page.goto("/chat");
    await ask(page, "我最近在读什么书？");
    const first = log(page).getByRole("article", { name: "AI 回答" });
    await expect(first).toContainText(/只参考最近 30 天（.+）的记录/);
    await expect(first).toContainText("百年孤独");
    await expect(composer(page)).toHaveValue("");
    await composer(page).fill("还没发出的下一个问题");
    await shot(page, "50b-chat-recent-scope");

    const again = page.waitForRequest(
      (r) => r.url().includes("/messages") && r.method() === "POST" && r.postDataJSON()?.allTime === true,
    );
    // it asks again: its button says what that answer costs (nothing in 本地模式)
    await expect(first.getByRole("button", { name: "搜索全部 · 不消耗点数", exact: true })).toBeVisible();
    await first.getByRole("button", { name: "搜索全部" }).click();
    expect((await again).postDataJSON()).toEqual({ content: "我最近在读什么书？", allTime: true });
    const answers = log(page).getByRole("article", { name: "AI 回答" });
    await expect(answers).toHaveCount(2);
    await expect(answers.last()).toContainText("百年孤独");
    await expect(answers.last()).not.toContainText("只参考");
    await expect(answers.last().getByRole("button", { name: "搜索全部" })).toHaveCount(0);
    // what was being typed stays in the box
    await expect(composer(page)).toHaveValue("还没发出的下一个问题");
  });

  test("问AI from the pill's avatar and from search results opens /chat with the text waiting", async ({
    page,
    signedIn: _user,
  }) => {
    await page.goto("/");
    await page.getByRole("textbox", { name: "搜索想法或和AI助手聊天" }).fill("帮我总结最近的想法");
    await page.getByRole("button", { name: "打开AI助手" }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(composer(page)).toHaveValue("帮我总结最近的想法");

    await page.goto("/?q=陶艺");
    await page.getByRole("region", { name: "搜索结果" }).getByRole("button", { name: "问AI" }).click();
    // the text chosen replaces the unsent one: asked now is what 问AI was pressed for
    await expect(composer(page)).toHaveValue("陶艺");
  });
});

test.describe("with an OpenAI-compatible provider", () => {
  test.use({ baseURL: aiURL });

  test("streams a grounded answer with citations, and the balance drops by exactly the listed cost", async ({
    page,
    request,
    signedIn: user,
  }) => {
    // 自动整理 off: this test counts only the chat's points
    await request.patch("/api/profile", {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { settings: { autoTidy: false } },
    });
    await addIdea(request, user.token, "想读《百年孤独》");
    await page.goto("/chat");
    await expect(page.getByText("e2e-model")).toBeVisible();
    await expect(page.getByText("每次回答消耗 2 点 · 余额 100 点")).toBeVisible();

    await ask(page, "我想读什么书？");
    const answer = log(page).getByRole("article", { name: "AI 回答" });
    await expect(answer).toContainText("根据你的记录，你写过「想读《百年孤独》」");
    await expect(answer).toContainText("消耗 2 点");
    await expect(
      answer.getByRole("list", { name: "引用" }).getByRole("link", { name: /想读《百年孤独》/ }),
    ).toBeVisible();
    // the [1] in the text links to the same idea
    await expect(answer.getByRole("link", { name: /^引用 1：想法：想读《百年孤独》/ })).toHaveText("[1]");
    await expect(page.getByText("每次回答消耗 2 点 · 余额 98 点")).toBeVisible();
    await shot(page, "51-chat-provider");
    expect(await balance(request, user.token)).toBe(98);

    await page.goto("/ai-points");
    await expect(page.getByText("AI 对话").first()).toBeVisible();
    await expect(page.getByText("-2").first()).toBeVisible();
  });

  test("停止 ends the reply mid-stream, keeps what was streamed, and charges one reply", async ({
    page,
    request,
    signedIn: user,
  }) => {
    await page.goto("/chat");
    await ask(page, "讲一个慢慢的故事");
    const answer = log(page).getByRole("article", { name: "AI 回答" });
    await expect(answer).toContainText("这是一个很长的回答");
    await page.getByRole("button", { name: "停止" }).click();
    await expect(answer).toContainText("已停止生成");
    const shown = ((await answer.textContent()) ?? "").split("这是一个很长的回答").length;
    expect(shown).toBeLessThan(40);

    // the stopped reply is kept on the server, as far as it went
    await page.reload();
    const kept = log(page).getByRole("article", { name: "AI 回答" });
    await expect(kept).toContainText("这是一个很长的回答");
    await expect(kept).toContainText("已停止生成");
    expect(await balance(request, user.token)).toBe(98);
  });

  test("a failed reply says the points came back, and 重试 asks again", async ({
    page,
    request,
    signedIn: user,
  }) => {
    await page.goto("/chat");
    await ask(page, "这次会出错吗");
    const answer = log(page).getByRole("article", { name: "AI 回答" });
    await expect(answer).toContainText("回答失败，点数已退还。AI 服务返回错误（500）");
    await expect(answer).not.toContainText("upstream exploded");
    expect(await balance(request, user.token)).toBe(100);
    await answer.getByRole("button", { name: "重试" }).click();
    await expect(log(page).getByRole("article", { name: "AI 回答" }).last()).toContainText(
      "这是本地测试模型的回答",
    );
    expect(await balance(request, user.token)).toBe(98);
  });

  test("不让AI读取 ticked in the composer saves the idea so, and 自动整理 leaves it alone", async ({
    page,
    request,
    signedIn: user,
  }) => {
    await chooseAutoTidy(request, user.token);
    await page.goto("/");
    const capture = page.getByPlaceholder("记录一个想法…");
    const notForAi = page.getByRole("checkbox", { name: "不让AI读取" });
    await capture.fill("给妈妈的生日礼物：羊绒围巾");
    await notForAi.check();
    await capture.press("Control+Enter");
    await expect(notForAi).not.toBeChecked(); // each idea is marked on its own
    await capture.fill("陶艺课要带围裙");
    await capture.press("Control+Enter");
    const list = page.getByRole("list", { name: "想法和笔记" });
    // by the time the later capture is tidied, the earlier one would have been too
    await expect(list.getByText("整理：陶艺课要带围裙")).toBeVisible();
    await expect(list.getByText("给妈妈的生日礼物：羊绒围巾")).toBeVisible();
    const res = await request.get("/api/ideas", { headers: { Authorization: `Bearer ${user.token}` } });
    const { items } = (
      (await res.json()) as { data: { items: { content: string; aiExcluded: boolean; aiStatus: string }[] } }
    ).data;
    expect(items.find((i) => i.content.includes("羊绒围巾"))).toMatchObject({
      aiExcluded: true,
      aiStatus: "none",
    });
    expect(await balance(request, user.token)).toBe(99);
  });

  test("自动整理 tidies a new idea, versions can be applied, and 整理成笔记 composes a note", async ({
    page,
    request,
    signedIn: user,
  }) => {
    await chooseAutoTidy(request, user.token);
    await page.goto("/");
    const capture = page.getByPlaceholder("记录一个想法…");
    await capture.fill("明天去买陶土和釉料");
    await capture.press("Control+Enter");
    await capture.fill("陶艺课要带围裙");
    await capture.press("Control+Enter");
    // 自动整理 gives each a title in the background (the fake model prefixes 整理：); the list
    // picks it up without a reload
    const list = page.getByRole("list", { name: "想法和笔记" });
    await expect(list.getByText("整理：陶艺课要带围裙")).toBeVisible();
    await expect(list.getByText("整理：明天去买陶土和釉")).toBeVisible();
    expect(await balance(request, user.token)).toBe(98);

    await list.getByText("整理：明天去买陶土和釉").click();
    await expect(page).toHaveTitle("想法详情 - 拾念");
    const tidy = page.getByRole("region", { name: "AI 整理记录" });
    await expect(tidy).toContainText("e2e-model");
    await expect(tidy).toContainText("当前版本");
    await tidy.getByRole("button", { name: /AI 整理/ }).click();
    await expect(page.getByText("已整理，消耗 1 点")).toBeVisible();
    await expect(tidy.getByRole("button", { name: "采用此版本" })).toHaveCount(1);
    await tidy.getByRole("button", { name: "采用此版本" }).click();
    await expect(page.getByText("已采用此版本")).toBeVisible();

    // the side chat about this idea; the model is named on /chat only, not in every chat's header
    const side = page.getByRole("region", { name: "关于这条想法的 AI 对话" });
    await expect(side.locator('[data-slot="ai-mode-badge"]')).toHaveCount(0);
    await expect(side).not.toContainText("e2e-model");
    await side.getByRole("textbox").fill("这个想法还能怎么发展？");
    await side.getByRole("textbox").press("Enter");
    await expect(side.getByRole("article", { name: "AI 回答" })).toContainText("这是本地测试模型的回答");
    await shot(page, "52-idea-detail-ai");

    await page.goto("/");
    await page.getByRole("button", { name: "多选" }).click();
    // the boxes come with 多选's lazy part: wait for them before choosing every one
    const boxes = page.getByRole("checkbox", { name: /选择想法/ });
    await expect(boxes).toHaveCount(2);
    for (const box of await boxes.all()) await box.check();
    const bar = page.getByRole("region", { name: "批量操作" });
    await expect(bar).toContainText("已选 2 条");
    await expect(bar).toContainText("AI 整理，消耗 5 点");
    await shot(page, "53-compose-selection");
    await bar.getByRole("button", { name: "整理成笔记" }).click();
    await expect(page).toHaveTitle("笔记详情 - 拾念");
    await expect(page.getByRole("heading", { name: "AI 笔记：想法合集" })).toBeVisible();
    // 2 auto tidies + 1 tidy + 1 side-chat reply + 1 compose
    expect(await balance(request, user.token)).toBe(100 - 1 - 1 - 1 - 2 - 5);
  });
});

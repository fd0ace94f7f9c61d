import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;

async function addIdea(request: APIRequestContext, token: string, content: string) {
  const res = await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${token}` },
    data: { content },
  });
  expect(res.ok()).toBe(true);
}

async function searchFor(page: Page, q: string) {
  await page.goto("/");
  const pill = page.getByRole("search").getByRole("textbox");
  await pill.fill(q);
  await pill.press("Enter");
  return page.getByRole("region", { name: "搜索结果" });
}

test.describe("with an embeddings provider (the e2e fake)", () => {
  test.use({ baseURL: aiURL });

  test("a search that shares no word with an idea finds it by meaning, and says so", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const auth = { Authorization: `Bearer ${user.token}` };
    await request.patch("/api/profile", { headers: auth, data: { settings: { autoTidy: false } } });
    await addIdea(request, user.token, "又失眠到三点，半夜醒来好几次");
    await addIdea(request, user.token, "周末去西湖边跑步");
    // embedded in the background: the status says when nothing of this user is waiting
    await expect
      .poll(async () => {
        const res = await request.get("/api/ai/status", { headers: auth });
        return ((await res.json()) as { data: { embeddings: { pending: number } } }).data.embeddings.pending;
      })
      .toBe(0);

    const results = await searchFor(page, "睡不着");
    const hit = results.getByRole("article");
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText("又失眠到三点");
    await expect(hit.getByText("按意思", { exact: true })).toBeVisible();
    await expect(results.locator("mark")).toHaveCount(0);
    await expect(results.getByText(/只按关键词查找/)).toHaveCount(0);
    await shot(page, "22-search-by-meaning");
  });
});

test("without an embedding model, search says once, quietly, that it compares words only", async ({
  page,
  request,
  signedIn: user,
}) => {
  await addIdea(request, user.token, "又失眠到三点，半夜醒来好几次");
  const results = await searchFor(page, "失眠");
  await expect(results.getByRole("article")).toHaveCount(1);
  await expect(results.getByText("按意思", { exact: true })).toHaveCount(0);
  await expect(results.getByText(/只按关键词查找/)).toHaveCount(1);
});

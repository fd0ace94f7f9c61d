import { flomoZip } from "../server/test/import/flomo-fixture.ts";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

const MEMOS = 12;

test("import: a flomo zip from /profile — preview, progress, summary — then its ideas in 首页 and in search", async ({
  page,
  request,
  signedIn: user,
}) => {
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "导入数据" });
  await expect(card).toHaveAttribute("data-state", "idle");
  const ideaCount = page.locator("dl div").filter({ hasText: "想法" }).locator("dd");
  await expect(ideaCount).toHaveText("0");

  // The name says nothing of the kind: the server tells it from the contents.
  const chooser = page.waitForEvent("filechooser");
  await card.getByRole("button", { name: "选择文件", exact: true }).click();
  await (await chooser).setFiles({
    name: "我的备份.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(flomoZip({ memos: MEMOS })),
  });

  await expect(card).toHaveAttribute("data-state", "previewed");
  await expect(card.getByText("flomo 导出")).toBeVisible();
  await expect(card.getByText(`想法 ${MEMOS} 条 · 笔记 0 条 · 对话 0 个`)).toBeVisible();
  await expect(card.getByText(/^\d{4}-\d\d-\d\d( 至 \d{4}-\d\d-\d\d)?$/)).toBeVisible();
  await expect(card.getByText("没有重复的内容")).toBeVisible();
  // only a 拾念 export carries a profile to take
  await expect(card.getByRole("checkbox")).toHaveCount(0);
  await shot(page, "40-import-preview");

  await card.getByRole("button", { name: "开始导入" }).click();
  // A small import may finish before the first read: the bar is seen only when it is not over yet.
  if ((await card.getAttribute("data-state")) === "running") {
    await expect(card.getByRole("progressbar", { name: "导入进度" })).toBeVisible();
    await shot(page, "41-import-progress");
  }
  await expect(card).toHaveAttribute("data-state", "done");
  await expect(card.getByRole("status")).toContainText(`已导入 ${MEMOS} 条，0 条重复已跳过`);
  await shot(page, "42-import-summary");

  // The end of the import refreshed 个人资料's counts without a reload.
  await expect(ideaCount).toHaveText(String(MEMOS));

  // 首页 shows the ideas, newest first.
  await page.getByRole("button", { name: "返回首页" }).click();
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByRole("article").first()).toBeVisible();
  const feed = await request.get("/api/feed?type=idea", {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const { data } = (await feed.json()) as { data: { items: { content: string }[] } };
  expect(data.items).toHaveLength(MEMOS);
  const firstLine = (content: string) =>
    (content.split("\n")[0] ?? "")
      .replace(/#\S+/g, "")
      .replace(/[*_`[\]]/g, "")
      .trim();
  await expect(list.getByRole("article").first()).toContainText(firstLine(data.items[0]?.content ?? ""));

  // Search finds one of them at once, by the words of its first line.
  const wanted = firstLine(data.items[2]?.content ?? "");
  expect(wanted.length).toBeGreaterThan(1);
  const pill = page.getByRole("search").getByRole("textbox");
  await pill.fill(wanted);
  await pill.press("Enter");
  const results = page.getByRole("region", { name: "搜索结果" });
  await expect(results.getByRole("article").filter({ hasText: wanted }).first()).toBeVisible();
  await shot(page, "43-import-search");

  // The same zip again: every memo is a duplicate, and 取消 leaves nothing behind.
  await page.goto("/profile");
  await expect(card).toHaveAttribute("data-state", "idle");
  const again = page.waitForEvent("filechooser");
  await card.getByRole("button", { name: "选择文件", exact: true }).click();
  await (await again).setFiles({
    name: "flomo.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(flomoZip({ memos: MEMOS })),
  });
  await expect(card.getByText(`${MEMOS} 条重复将跳过`)).toBeVisible();
  await card.getByRole("button", { name: "取消" }).click();
  await expect(card).toHaveAttribute("data-state", "idle");
  await expect(ideaCount).toHaveText(String(MEMOS));
});

test("import: a reload finds the waiting import again, and a start whose answer is lost is still followed", async ({
  page,
  signedIn: _user,
}) => {
  await page.goto("/profile");
  const card = page.getByRole("region", { name: "导入数据" });
  const ideaCount = page.locator("dl div").filter({ hasText: "想法" }).locator("dd");
  await expect(ideaCount).toHaveText("0");
  const chooser = page.waitForEvent("filechooser");
  await card.getByRole("button", { name: "选择文件", exact: true }).click();
  await (await chooser).setFiles({
    name: "flomo.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(flomoZip({ memos: 5 })),
  });
  await expect(card).toHaveAttribute("data-state", "previewed");

  // The job's id is kept for this account: after a reload the card offers the same import.
  await page.reload();
  await expect(card).toHaveAttribute("data-state", "previewed");
  await expect(card.getByText("上次选择的文件")).toBeVisible();

  // The server starts the import, but its answer never reaches the page (a network blip).
  await page.route("**/api/import/*/start", async (route) => {
    await route.fetch();
    await route.abort("connectionreset");
  });
  await card.getByRole("button", { name: "开始导入" }).click();
  // The card reads the job and follows it to its end, instead of forgetting it as failed.
  await expect(card).toHaveAttribute("data-state", "done");
  await expect(ideaCount).toHaveText("5");
});

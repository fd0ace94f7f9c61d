import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("批注: 追加批注 while offline waits as 待同步, is sent when the network returns, and the thread and the card show it after a reload", async ({
  page,
  context,
  request,
  signedIn: user,
}) => {
  const made = await request.post("/api/ideas", {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { content: "周末去学陶艺" },
  });
  const idea = (await made.json()).data as { id: string };
  await page.goto(`/ideas/${idea.id}`);
  const thread = page.getByRole("region", { name: "批注" });
  await expect(thread).toContainText("还没有批注");

  await context.setOffline(true);
  await thread.getByLabel("追加批注").fill("离线时想到：先学定中心 #陶艺");
  await thread.getByRole("button", { name: "追加批注" }).click();
  const added = thread.getByRole("listitem").filter({ hasText: "离线时想到：先学定中心" });
  await expect(added).toContainText("待同步");
  await expect(thread.getByLabel("追加批注")).toHaveValue("");

  await context.setOffline(false);
  await expect(added).not.toContainText("待同步");
  await page.reload();
  await expect(thread.getByRole("listitem")).toHaveCount(1);
  await expect(added).toBeVisible();
  await shot(page, "62-annotations");

  const saved = await request.get(`/api/ideas/${idea.id}/annotations`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect((await saved.json()).data.items).toMatchObject([{ content: "离线时想到：先学定中心 #陶艺" }]);

  await page.goto("/");
  const card = page
    .getByRole("list", { name: "想法和笔记" })
    .getByRole("article")
    .filter({ hasText: "周末去学陶艺" });
  await expect(card).toContainText("1 条批注");
});

import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("相关内容: a note's right pane lists items sharing its words though no title shares a substring, also on a phone", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  const post = async (path: string, data: unknown) =>
    (await (await request.post(path, { headers, data })).json()).data;
  const note = await post("/api/notes", { title: "跑步训练计划", content: "每周三次：间歇、节奏和长距离。" });
  await post("/api/ideas", { content: "周末去西湖边跑步" });
  await post("/api/ideas", { content: "手冲咖啡的水温是九十度" });

  await page.goto(`/notes/${note.id}`);
  const related = page.getByRole("list", { name: "相关内容" });
  const westLake = related.getByRole("listitem").filter({ hasText: "周末去西湖边跑步" });
  await expect(westLake).toBeVisible();
  await expect(westLake).toContainText("共同的词：跑步");
  await expect(related.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("暂无相关内容")).toHaveCount(0);
  await shot(page, "60-related-items");

  // a phone shows the same list under the 相关与AI tab
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("tab", { name: "相关与AI" }).click();
  await expect(westLake).toBeVisible();
  await westLake.getByText("周末去西湖边跑步").first().click();
  await expect(page).toHaveURL(/\/ideas\//);
});

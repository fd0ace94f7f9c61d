import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

test("note history: two saves, 历史版本 shows each version's diff against the text now, and 恢复此版本 brings one back", async ({
  page,
  signedIn: _user,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: "新建笔记" }).click();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]+$/);
  const content = page.getByLabel("内容（Markdown）");
  const saveAs = async (text: string) => {
    await content.fill(text);
    await page.getByRole("button", { name: "保存", exact: true }).click();
    await expect(page.getByText("已保存")).toBeVisible();
  };
  await page.getByLabel("标题").fill("陶艺课");
  await saveAs("拉坯要稳");
  await page.getByRole("button", { name: "编辑" }).click();
  await saveAs("拉坯时手要湿，转速先快后慢");
  await page.getByRole("button", { name: "编辑" }).click();
  await saveAs("拉坯时手要湿，转速先快后慢。\n收口前吸掉多余的水。");

  await page.getByRole("button", { name: "更多操作" }).click();
  await page.getByRole("menuitem", { name: "历史版本" }).click();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]+#history$/);
  await expect(page.getByRole("heading", { name: "历史版本" })).toBeVisible();
  // newest first: the text before each save, not the empty new note's
  const versions = page.getByRole("navigation", { name: "历史版本列表" }).getByRole("button");
  await expect(versions).toHaveCount(2);
  const diff = page.getByRole("region", { name: "此版本与当前内容的差异" });
  await expect(diff.locator("[data-slot=note-diff] ins", { hasText: "收口前吸掉多余的水" })).toHaveCount(1);
  await versions.nth(1).click();
  await expect(versions.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(diff.locator("[data-slot=note-diff] del", { hasText: "稳" })).toHaveCount(1);
  await shot(page, "60-note-history");

  await diff.getByRole("button", { name: "恢复此版本" }).click();
  const confirm = page.getByRole("alertdialog", { name: "恢复此版本？" });
  await confirm.getByRole("button", { name: "恢复此版本" }).click();
  await expect(page.getByText("已恢复此版本")).toBeVisible();
  // the restore is a save: the text it replaced is the newest version now
  await expect(versions).toHaveCount(3);
  await expect(diff).toContainText("与当前内容相同");
  await page.getByRole("button", { name: "返回笔记" }).click();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]+$/);
  await expect(page.locator('[data-slot="item-reader"]')).toContainText("拉坯要稳");
});

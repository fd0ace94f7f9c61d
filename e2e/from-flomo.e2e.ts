import { type FlomoMemo, flomoZip } from "../server/test/import/flomo-fixture.ts";
import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";

// Issue 29's newcomer from flomo, on the phone project (390 × 844, touch): the first hour, end to end.
const memos: FlomoMemo[] = [
  { time: "2024-02-28 21:10:00", content: "<p>今天买了新的跑鞋，像小火车。#跑步</p>" },
  {
    time: "2024-02-20 08:30:00",
    content:
      "<p><strong>重点</strong>：复利需要时间</p><ul><li><p>记下来</p></li><li><p>想一想</p></li></ul><p>#读书/摘抄</p>",
  },
  {
    time: "2024-02-10 12:00:00",
    content: '<p>参考<a href="https://example.com/a">一篇文章</a>，值得再读。#读书/摘抄</p>',
  },
];

test("from flomo: review before and after an import, tags after 。, rendered Markdown, a rename that sticks, a pin, 撤销 @phone", async ({
  page,
  signedIn: _newcomer,
}) => {
  const cards = page.getByRole("list", { name: "想法和笔记" }).getByRole("article");
  const card = (text: string) => cards.filter({ hasText: text });

  // 每日回顾 opened before there is anything: empty, and not for good
  await page.goto("/review");
  await expect(page.getByText("还没有可以回顾的内容")).toBeVisible();

  await page.goto("/profile");
  const importCard = page.getByRole("region", { name: "导入数据" });
  const chooser = page.waitForEvent("filechooser");
  await importCard.getByRole("button", { name: "选择文件", exact: true }).tap();
  await (await chooser).setFiles({
    name: "flomo.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(flomoZip({ list: memos })),
  });
  await expect(importCard.getByText("flomo 导出")).toBeVisible();
  await importCard.getByRole("button", { name: "开始导入" }).tap();
  await expect(importCard.getByRole("status")).toContainText("已导入 3 条");

  // the same day's review, opened again, now draws from what came in
  await page.goto("/review");
  const reviewList = page.getByRole("list", { name: "今天要回顾的想法和笔记" });
  await expect(reviewList.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("还没有可以回顾的内容")).toBeHidden();

  // 首页: the tag typed after 。 came in, and the Markdown reads as text, never as marks
  await page.goto("/");
  const shoes = card("今天买了新的跑鞋");
  await expect(shoes).toContainText("跑步");
  const bold = card("复利需要时间");
  await expect(bold.locator("strong", { hasText: "重点" })).toBeVisible();
  await expect(bold.locator("[data-slot=card-markdown] li")).toHaveText(["记下来", "想一想"]);
  const linked = card("值得再读");
  await expect(linked.getByRole("link", { name: "一篇文章" })).toHaveAttribute(
    "href",
    "https://example.com/a",
  );
  for (const raw of ["**", "](", "<p>"])
    await expect(page.getByRole("list", { name: "想法和笔记" })).not.toContainText(raw);
  await shot(page, "80-from-flomo-home-390");

  // rename 读书/摘抄 → 读书/金句 from the tag sheet, then edit an item: the new name stays
  await page.getByRole("button", { name: "标签", exact: true }).tap();
  const sheet = page.getByRole("dialog", { name: "标签" });
  await sheet.getByRole("button", { name: "改名或合并 读书/摘抄", exact: true }).tap();
  const rename = page.getByRole("dialog", { name: "改名或合并标签" });
  await rename.getByRole("textbox", { name: "新名称" }).fill("读书/金句");
  await rename.getByRole("button", { name: "下一步" }).tap();
  await page.getByRole("button", { name: "确认改名" }).tap();
  await expect(sheet.getByRole("button", { name: "读书/金句，2 条" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();

  await linked.getByRole("button", { name: /值得再读/ }).tap();
  await page.getByRole("button", { name: "编辑" }).tap();
  const words = page.getByRole("textbox", { name: "内容" });
  await expect(words).toHaveValue(/#读书\/金句/);
  await words.fill("参考[一篇文章](https://example.com/a)，值得再读，周末读完。#读书/金句");
  await page.getByRole("button", { name: "保存", exact: true }).tap();
  await expect(page.locator('[data-slot="item-reader"]')).toContainText("周末读完");
  await page.getByRole("button", { name: "返回", exact: true }).tap();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "标签", exact: true }).tap();
  await expect(sheet.getByRole("button", { name: "读书/金句，2 条" })).toBeVisible();
  await expect(sheet.getByRole("button", { name: /^读书\/摘抄，/ })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // the oldest memo, pinned on its reading view, leads 首页
  await card("值得再读")
    .getByRole("button", { name: /值得再读/ })
    .tap();
  await page.getByRole("button", { name: "置顶" }).tap();
  await expect(page.getByRole("button", { name: "已置顶" })).toBeVisible();
  await page.getByRole("button", { name: "返回", exact: true }).tap();
  await expect(cards.first()).toContainText("值得再读");
  await expect(cards.first()).toContainText("已置顶");
  await expect(cards.nth(1)).toContainText("今天买了新的跑鞋");

  // 删除 from the reading view's menu, and 撤销 from the toast brings it back
  await shoes.getByRole("button", { name: /今天买了新的跑鞋/ }).tap();
  await page.getByRole("button", { name: "更多操作" }).tap();
  await page.getByRole("menuitem", { name: "删除" }).tap();
  await page.getByRole("alertdialog", { name: "删除这个想法？" }).getByRole("button", { name: "删除" }).tap();
  await expect(page).toHaveURL(/\/$/);
  await expect(cards).toHaveCount(2);
  const undo = page
    .getByRole("status")
    .filter({ hasText: "想法已移到回收站" })
    .getByRole("button", { name: "撤销" });
  const box = (await undo.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  await undo.tap();
  await expect(cards).toHaveCount(3);
  await expect(card("今天买了新的跑鞋")).toContainText("跑步");
  await shot(page, "81-from-flomo-undone-390");
});

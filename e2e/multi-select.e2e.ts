import { expect, test } from "./fixtures.ts";
import { shotsAtWidths } from "./helpers.ts";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("多选 tags, untags and deletes several items at once, each undone; 分享卡片 saves a PNG", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    for (const content of ["晨跑五公里。#跑步 很轻松", "读完了《三体》"])
      expect((await request.post("/api/ideas", { headers, data: { content } })).status()).toBe(201);
    const note = { title: "训练计划", content: "每周三次 #跑步" };
    expect((await request.post("/api/notes", { headers, data: note })).status()).toBe(201);
    await page.goto("/");
    const list = page.getByRole("list", { name: "想法和笔记" });
    const card = (text: RegExp) => list.getByRole("article").filter({ hasText: text });
    const bar = page.getByRole("region", { name: "批量操作" });
    const toast = (text: string) => page.getByRole("status").filter({ hasText: text });
    const choose = async (...texts: RegExp[]) => {
      await page.getByRole("button", { name: "多选" }).click();
      // its cards become choosable with the bar (one chunk, loaded on the first 多选)
      await expect(bar).toBeVisible();
      // a tap on the card ticks it, as the checkbox does
      for (const text of texts) await card(text).getByRole("button", { name: text }).click();
      await expect(bar).toContainText(`已选 ${texts.length} 条`);
    };

    // 加标签 on all three, then 撤销
    await choose(/晨跑五公里/, /三体/, /训练计划/);
    await shotsAtWidths(page, "60-multi-select", 844);
    await page.setViewportSize({ width: 390, height: 844 });
    await bar.getByRole("button", { name: "加标签" }).click();
    await page.getByRole("dialog", { name: "加标签" }).getByRole("textbox", { name: "标签" }).fill("晨间");
    await page.getByRole("button", { name: "添加" }).click();
    await expect(toast("已为 3 条内容加上 #晨间")).toBeVisible();
    await expect(bar).toHaveCount(0);
    // focus goes back where 多选 began, not to the page's start
    await expect(page.getByRole("button", { name: "多选" })).toBeFocused();
    for (const text of [/晨跑五公里/, /三体/, /训练计划/]) await expect(card(text)).toContainText("晨间");
    await toast("已为 3 条内容加上 #晨间").getByRole("button", { name: "撤销" }).click();
    await expect(toast("已撤销，3 条内容的标签已复原")).toBeVisible();
    await expect(list).not.toContainText("晨间");

    // 去标签: out of the text too, and back on 撤销
    await choose(/晨跑五公里/, /训练计划/);
    await bar.getByRole("button", { name: "去标签" }).click();
    await page.getByRole("menuitem", { name: "#跑步" }).click();
    await expect(toast("已从 2 条内容去掉 #跑步")).toBeVisible();
    // inside a sentence the word stays and only its # goes; at the end of a line the tag goes whole
    await expect(list).not.toContainText("#跑步");
    await expect(card(/晨跑五公里/)).toContainText("晨跑五公里。跑步 很轻松");
    await expect(card(/训练计划/)).not.toContainText("跑步");
    await toast("已从 2 条内容去掉 #跑步").getByRole("button", { name: "撤销" }).click();
    await expect(toast("已撤销，2 条内容的标签已复原")).toBeVisible();
    await expect(card(/晨跑五公里/)).toContainText("#跑步");

    // another tab lets go of what was chosen
    await choose(/晨跑五公里/);
    await page.getByRole("tab", { name: "想法" }).click();
    await expect(bar).toContainText("已选 0 条");
    await page.getByRole("tab", { name: "全部" }).click();
    await bar.getByRole("button", { name: "取消" }).click();

    // 整理成笔记 (本地模式: gathered as written), then 撤销 takes the note to 回收站
    await choose(/晨跑五公里/, /三体/);
    await bar.getByRole("button", { name: "整理成笔记" }).click();
    await expect(page).toHaveURL(/\/notes\//);
    await toast("已把 2 条想法整理成笔记").getByRole("button", { name: "撤销" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast("笔记已移到回收站")).toBeVisible();
    await expect(list.getByRole("article")).toHaveCount(3);

    // 删除 two, then 撤销
    await choose(/三体/, /训练计划/);
    await bar.getByRole("button", { name: "删除" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "删除" }).click();
    await expect(toast("2 条内容已移到回收站")).toBeVisible();
    await expect(list.getByRole("article")).toHaveCount(1);
    await toast("2 条内容已移到回收站").getByRole("button", { name: "撤销" }).click();
    await expect(list.getByRole("article")).toHaveCount(3);

    // 分享卡片 from the reading view's menu: drawn on the device, saved as a PNG here
    await card(/晨跑五公里/)
      .getByRole("button", { name: /晨跑五公里/ })
      .click();
    await page.getByRole("button", { name: "更多操作" }).click();
    await page.getByRole("menuitem", { name: "分享卡片" }).click();
    const dialog = page.getByRole("dialog", { name: "分享卡片" });
    await expect(dialog.getByRole("img", { name: "分享卡片预览" })).toBeVisible();
    await shotsAtWidths(page, "61-share-card", 844);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: /下载图片|保存图片/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^拾念-\d{4}-\d{2}-\d{2}\.png$/);
    await expect(dialog).toContainText("图片已保存");
  });
});

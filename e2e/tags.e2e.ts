import { expect, test } from "./fixtures.ts";
import { shot, shotsAtWidths } from "./helpers.ts";

test("browse a tag from 首页's tag column, back and forward, and rename it with its children", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  for (const content of [
    "读完《活着》 #读书/小说",
    "图书馆借书 #读书",
    "读书会在周六 #读书会",
    "#工作 周报",
  ]) {
    const res = await request.post("/api/ideas", { headers, data: { content } });
    expect(res.status()).toBe(201);
  }
  await page.goto("/");
  const column = page.getByRole("complementary", { name: "标签栏" });
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(column.getByRole("button", { name: "读书，2 条" })).toBeVisible();
  await expect(column.getByRole("button", { name: "读书/小说，1 条" })).toBeVisible();
  await shot(page, "60-home-tag-column");

  // a parent shows its children's items too, not 读书会's
  await column.getByRole("button", { name: "读书，2 条" }).click();
  await expect(page).toHaveURL(/\?tag=%E8%AF%BB%E4%B9%A6$/);
  await expect(list.getByText("读完《活着》")).toBeVisible();
  await expect(list.getByText("图书馆借书")).toBeVisible();
  await expect(list.getByText("读书会在周六")).toBeHidden();
  await column.getByRole("button", { name: "读书/小说，1 条" }).click();
  await expect(list.getByText("图书馆借书")).toBeHidden();
  await expect(list.getByText("读完《活着》")).toBeVisible();

  // the URL is the filter: back and forward move between them, and it can be cleared
  await page.goBack();
  await expect(list.getByText("图书馆借书")).toBeVisible();
  await page.goForward();
  await expect(list.getByText("图书馆借书")).toBeHidden();
  await page.getByRole("button", { name: "取消按 读书/小说 筛选" }).click();
  await expect(list.getByText("读书会在周六")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // rename 读书 → 阅读 while filtered by it: the dialog says how many change first
  await column.getByRole("button", { name: "读书，2 条" }).click();
  await column.getByRole("button", { name: "改名或合并 读书", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "改名或合并标签" });
  await dialog.getByRole("textbox", { name: "新名称" }).fill("阅读");
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("将把 2 条内容的「读书」改为「阅读」，其下的标签一起改名。")).toBeVisible();
  await shot(page, "61-home-tag-rename");
  await page.getByRole("button", { name: "确认改名" }).click();
  await expect(column.getByRole("button", { name: "阅读，2 条" })).toBeVisible();
  await expect(column.getByRole("button", { name: "阅读/小说，1 条" })).toBeVisible();
  await expect(column.getByRole("button", { name: /^读书，/ })).toHaveCount(0);
  await expect(column.getByRole("button", { name: "读书会，1 条" })).toBeVisible();
  await expect(page).toHaveURL(/\?tag=%E9%98%85%E8%AF%BB$/);
  await expect(list.getByText("阅读/小说", { exact: true })).toBeVisible();
});

test("a #标签 typed after Chinese punctuation is marked, suggested from my tags by pinyin, and saved as a tag", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  for (const content of ["晨跑五公里 #跑步", "又跑了。#跑步", "读完一本 #读书/小说"]) {
    expect((await request.post("/api/ideas", { headers, data: { content } })).status()).toBe(201);
  }
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await expect(page.getByText("⌘/Ctrl+Enter 保存")).toBeVisible();
  await composer.click();
  await composer.pressSequentially("新买的鞋，跑起来像小火车。#");
  const suggestions = page.getByRole("listbox", { name: "标签建议" });
  // the most used first
  await expect(suggestions.getByRole("option")).toHaveText([/^#跑步/, /^#读书/, /^#读书\/小说/]);
  await composer.pressSequentially("pb");
  await expect(suggestions.getByRole("option")).toHaveText([/^#跑步\s*2 条$/]);
  await shotsAtWidths(page, "63-composer-tag-suggestions");
  await composer.press("Enter");
  await expect(composer).toHaveValue("新买的鞋，跑起来像小火车。#跑步 ");
  await expect(suggestions).toBeHidden();
  await expect(page.locator("[data-slot=tag-assist-marks] mark")).toHaveText(["#跑步"]);
  await composer.press("Control+Enter");
  const column = page.getByRole("complementary", { name: "标签栏" });
  await expect(column.getByRole("button", { name: "跑步，3 条" })).toBeVisible();
});

test("a rename rewrites the tag in the words, so editing the item afterwards keeps the new name", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  const made = await request.post("/api/ideas", { headers, data: { content: "读完了，很好看。#读书/小说" } });
  const id = (await made.json()).data.id;
  await page.goto("/");
  const column = page.getByRole("complementary", { name: "标签栏" });
  await column.getByRole("button", { name: "改名或合并 读书", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "改名或合并标签" });
  await dialog.getByRole("textbox", { name: "新名称" }).fill("阅读");
  await dialog.getByRole("button", { name: "下一步" }).click();
  await expect(page.getByText("正文里写的 #读书 也会一起改写；原始想法保持原样。")).toBeVisible();
  await page.getByRole("button", { name: "确认改名" }).click();
  await expect(column.getByRole("button", { name: "阅读/小说，1 条" })).toBeVisible();
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText("读完了，很好看。#阅读/小说")).toBeVisible();

  // an edit as the detail screen sends it (the words and the tags): 读书 does not come back
  const idea = (await (await request.get(`/api/ideas/${id}`, { headers })).json()).data;
  expect(idea.originalContent).toBe("读完了，很好看。#读书/小说");
  const edited = await request.patch(`/api/ideas/${id}`, {
    headers,
    data: { content: `${idea.content} 推荐`, tags: idea.tags, baseUpdatedAt: idea.updatedAt },
  });
  expect((await edited.json()).data.tags).toEqual(["阅读/小说"]);
  await page.reload();
  await expect(column.getByRole("button", { name: "阅读/小说，1 条" })).toBeVisible();
  await expect(column.getByRole("button", { name: /^读书/ })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the composer shows no keyboard shortcut on a touch screen, and a tag suggestion is picked by a tap", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    await request.post("/api/ideas", { headers, data: { content: "周末。#摄影" } });
    await page.goto("/");
    await expect(page.getByText("草稿自动保存在本机")).toBeVisible();
    await expect(page.getByText("⌘/Ctrl+Enter 保存")).toBeHidden();
    const composer = page.getByPlaceholder("记录一个想法…");
    await composer.tap();
    await composer.pressSequentially("看展，#sy");
    const option = page.getByRole("option", { name: /摄影/ });
    const box = await option.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await option.tap();
    await expect(composer).toHaveValue("看展，#摄影 ");
    await expect(composer).toBeFocused();
  });

  test("the tags open in a sheet, and choosing one filters the list", async ({
    page,
    request,
    signedIn: user,
  }) => {
    const headers = { Authorization: `Bearer ${user.token}` };
    for (const content of ["#读书/小说 一本好书", "#工作 周报"]) {
      await request.post("/api/ideas", { headers, data: { content } });
    }
    await page.goto("/");
    await expect(page.getByRole("complementary", { name: "标签栏" })).toHaveCount(0);
    await page.getByRole("button", { name: "标签", exact: true }).tap();
    const sheet = page.getByRole("dialog", { name: "标签" });
    await expect(sheet.getByRole("button", { name: "读书/小说，1 条" })).toBeVisible();
    await shot(page, "62-phone-tag-sheet");
    await sheet.getByRole("button", { name: "读书，1 条" }).tap();
    await expect(sheet).toBeHidden();
    const list = page.getByRole("list", { name: "想法和笔记" });
    await expect(list.getByText("一本好书")).toBeVisible();
    await expect(list.getByText("周报")).toBeHidden();

    // renaming works from the sheet too, by touch
    await page.getByRole("button", { name: "标签", exact: true }).tap();
    await sheet.getByRole("button", { name: "改名或合并 工作", exact: true }).tap();
    const dialog = page.getByRole("dialog", { name: "改名或合并标签" });
    await dialog.getByRole("textbox", { name: "新名称" }).fill("职场");
    await dialog.getByRole("button", { name: "下一步" }).tap();
    await expect(page.getByText("将把 1 条内容的「工作」改为「职场」")).toBeVisible();
    await page.getByRole("button", { name: "确认改名" }).tap();
    // back in the sheet, which shows the new name at once
    await expect(sheet.getByRole("button", { name: "职场，1 条" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: /^工作，/ })).toHaveCount(0);
  });
});

import { expect, test } from "./fixtures.ts";
import { PASSWORD, shot, signIn } from "./helpers.ts";

test("idea: read first, pin at once, edit title and tags, view the original and copy it", async ({
  page,
  context,
  signedIn: _user,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("明天 早上 跑步五公里");
  await composer.press("Control+Enter");
  // A capture opens once the server has it: one still on its way (data-sync) cannot be opened yet,
  // and on a busy machine the click came before the save.
  const list = page.getByRole("list", { name: "想法和笔记" });
  await expect(list.getByText("明天 早上 跑步五公里")).toBeVisible();
  await expect(list.locator("[data-sync]")).toHaveCount(0);
  await list.getByText("明天 早上 跑步五公里").click();
  await expect(page).toHaveURL(/\/ideas\/[0-9a-f-]+$/);
  await expect(page).toHaveTitle("想法详情 - 拾念");
  // read first: the words as text, no form until 编辑
  const reader = page.locator('[data-slot="item-reader"]');
  await expect(reader.getByText("明天 早上 跑步五公里")).toBeVisible();
  await expect(page.getByLabel("标题")).toHaveCount(0);
  // 置顶 saves when tapped, without 保存
  await page.getByRole("button", { name: "置顶" }).click();
  await expect(page.getByRole("button", { name: "已置顶" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("已置顶，首页会排在最前")).toBeVisible();

  await page.getByRole("button", { name: "编辑" }).click();
  await page.getByLabel("标题").fill("晨跑计划");
  await page.getByRole("textbox", { name: "内容", exact: true }).fill("明天早上跑步五公里，七点出发。");
  await page.getByLabel("标签").fill("运动 健康");
  // nothing typed is lost: the unsaved fields come back after a reload
  await page.reload();
  await expect(page.getByLabel("标题")).toHaveValue("晨跑计划");
  await expect(page.getByLabel("标签")).toHaveValue("运动 健康");
  await expect(page.getByRole("textbox", { name: "内容", exact: true })).toHaveValue(
    "明天早上跑步五公里，七点出发。",
  );
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已保存")).toBeVisible();
  // saved: back to reading, with the new title and tags
  await expect(page.getByRole("heading", { name: "晨跑计划" })).toBeVisible();
  await expect(reader.getByRole("list", { name: "标签" })).toContainText("运动");
  await expect(page.getByRole("button", { name: "已置顶" })).toBeVisible();
  await shot(page, "50-idea-edited");

  await page.getByRole("button", { name: "更多操作" }).click();
  await page.getByRole("menuitem", { name: "查看原始想法" }).click();
  await expect(page).toHaveTitle("原始想法 - 拾念");
  await expect(page.getByTestId("original-content")).toHaveText("明天 早上 跑步五公里");
  await page.getByRole("button", { name: "复制" }).click();
  await expect(page.getByRole("button", { name: "已复制" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("明天 早上 跑步五公里");
  await shot(page, "51-original-copied");

  await page.goto("/");
  const item = page.getByRole("list", { name: "想法和笔记" }).getByRole("article").first();
  await expect(item.getByText("晨跑计划")).toBeVisible();
  await expect(item.getByText("已置顶")).toBeVisible();
  await item.getByRole("button", { name: "运动" }).click();
  await expect(page).toHaveURL(/tag=/);
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByRole("article")).toHaveCount(1);

  await page.getByRole("list", { name: "想法和笔记" }).getByText("晨跑计划").click();
  // 返回 goes back to where the person came from: the tag's view
  await page.getByRole("button", { name: "返回", exact: true }).click();
  await expect(page).toHaveURL(/tag=/);
  await page.getByRole("list", { name: "想法和笔记" }).getByText("晨跑计划").click();
  // saved: the fields show the saved values, no draft left over
  await page.getByRole("button", { name: "编辑" }).click();
  await expect(page.getByLabel("标题")).toHaveValue("晨跑计划");
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes(":title")))).toEqual(
    [],
  );
  // leaving an edited, unsaved text asks first
  await page.getByLabel("标题").fill("改了没存");
  await page.getByRole("link", { name: "拾念", exact: true }).click();
  const leave = page.getByRole("alertdialog", { name: "放弃未保存的修改？" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "继续编辑" }).click();
  await expect(page).toHaveURL(/\/ideas\//);
  await expect(page.getByLabel("标题")).toHaveValue("改了没存");
  await page.getByRole("button", { name: "取消" }).click();
  await page
    .getByRole("alertdialog", { name: "放弃未保存的修改？" })
    .getByRole("button", { name: "放弃修改" })
    .click();
  await expect(page.getByRole("heading", { name: "晨跑计划" })).toBeVisible();

  // 删除 is in the menu, off the line of 编辑; 撤销 in a toast on 首页 brings it back
  await page.getByRole("button", { name: "更多操作" }).click();
  await page.getByRole("menuitem", { name: "删除" }).click();
  const dialog = page.getByRole("alertdialog", { name: "删除这个想法？" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "删除" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("还没有内容")).toBeVisible();
  const toast = page.getByRole("status").filter({ hasText: "想法已移到回收站" });
  await expect(toast).toBeVisible();
  await toast.getByRole("button", { name: "撤销" }).click();
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByText("晨跑计划")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "想法已恢复" })).toBeVisible();
});

test("note: 新建笔记 with Markdown shows a safe preview", async ({ page, signedIn: _signedIn }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "新建笔记" }).click();
  await expect(page).toHaveURL(/\/notes\/[0-9a-f-]+$/);
  await expect(page).toHaveTitle("笔记详情 - 拾念");
  await page.getByLabel("标题").fill("读书笔记");
  await page
    .getByLabel("内容（Markdown）")
    .fill("# 第一章\n\n**重点**：慢慢来\n\n- 甲\n- 乙\n\n<img src=x onerror=alert(1)>");
  const preview = page.getByRole("region", { name: "预览" });
  await expect(preview.getByRole("heading", { name: "第一章" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("重点");
  await expect(preview.getByRole("listitem")).toHaveCount(2);
  await expect(preview.locator("img")).toHaveCount(0);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page.getByText("已保存")).toBeVisible();
  // the save answers without the text: the editor keeps what it sent
  // saved: read as rendered Markdown; 编辑 opens the form again with the text as sent
  const reader = page.locator('[data-slot="item-reader"]');
  await expect(reader.getByRole("heading", { name: "第一章" })).toBeVisible();
  await expect(reader.locator("strong")).toHaveText("重点");
  await expect(reader.locator("img")).toHaveCount(0);
  await shot(page, "52-note-markdown");
  await page.getByRole("button", { name: "编辑" }).click();
  await expect(page.getByLabel("内容（Markdown）")).toHaveValue(/^# 第一章\n\n\*\*重点\*\*/);
  // GitHub-flavoured Markdown too: tables, task lists, fenced code; links only to http(s) and mail
  await page
    .getByLabel("内容（Markdown）")
    .fill(
      "| 书名 | 进度 |\n| --- | --: |\n| 置身事内 | 100% |\n\n- [x] 读完\n- [ ] 写总结\n\n```\nconst 想法 = 1;\n```\n\n" +
        "见 https://book.douban.com 和 [坏](javascript:alert(1))",
    );
  await expect(preview.getByRole("table")).toContainText("置身事内");
  await expect(preview.getByRole("checkbox", { name: "读完" })).toBeChecked();
  await expect(preview.getByRole("checkbox", { name: "写总结" })).not.toBeChecked();
  await expect(preview.locator("pre")).toHaveText("const 想法 = 1;");
  await expect(preview.getByRole("link")).toHaveCount(1);
  await expect(preview.getByRole("link")).toHaveAttribute("href", "https://book.douban.com");
  await expect(preview.getByText("[坏](javascript:alert(1))")).toBeVisible();
  await page.goto("/?type=note");
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByText("读书笔记")).toBeVisible();
});

test("profile: edit nickname and upload an avatar; AI points and privacy pages work", async ({
  page,
  signedIn: _user,
}) => {
  await page.goto("/profile");
  await page.getByLabel("昵称").fill("小拾");
  // 自动整理 is off until the person chooses it
  await expect(page.getByRole("checkbox", { name: /自动整理/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /自动整理/ }).check();
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("个人资料已更新")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("昵称")).toHaveValue("小拾");
  await expect(page.getByRole("checkbox", { name: /自动整理/ })).toBeChecked();
  await page.getByLabel("选择头像图片").setInputFiles("app/public/icon-192.png");
  await expect(page.getByText("头像已更新")).toBeVisible();
  const avatarImage = page.locator('[data-slot="avatar"][data-state="image"] img');
  await expect(avatarImage).toBeVisible();
  await expect
    .poll(() => avatarImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page
    .getByLabel("选择头像图片")
    .setInputFiles({ name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("hi") });
  await expect(page.getByText("头像仅支持 PNG、JPEG 或 WebP 图片")).toBeVisible();
  await shot(page, "53-profile-avatar");

  await page.getByRole("link", { name: "AI点数" }).click();
  await expect(page).toHaveTitle("AI点数 - 拾念");
  await expect(page.getByTestId("points-balance")).toHaveText("100");
  await expect(page.getByText("注册赠送")).toBeVisible();
  await shot(page, "54-ai-points");

  await page.goto("/privacy-security");
  await expect(page.getByRole("list", { name: "登录设备" }).getByText("当前设备")).toBeVisible();
  await page.getByLabel("当前密码").fill(PASSWORD);
  await page.getByLabel("新密码").fill("a-brand-new-password");
  await page.getByRole("button", { name: "修改密码" }).click();
  await expect(page.getByText("密码已修改，其他设备已退出登录")).toBeVisible();
  await shot(page, "55-privacy-security");
});

test("edit conflicts: two devices edit one note; the later save shows both versions and loses neither", async ({
  browser,
  page: phone,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  const made = await request.post("/api/notes", { headers, data: { title: "周计划", content: "第一版" } });
  const id = (await made.json()).data.id as string;
  const desktopContext = await browser.newContext();
  await signIn(desktopContext, user);
  const desktop = await desktopContext.newPage();
  for (const page of [phone, desktop]) {
    await page.goto(`/notes/${id}`);
    await page.getByRole("button", { name: "编辑" }).click();
    await expect(page.getByLabel("内容（Markdown）")).toHaveValue("第一版");
  }

  // Each device edits before the other's save reaches it (live sync shows another save to an editor
  // that holds no edits): a save over edits meets the other version, never overwrites it unseen.
  await desktop.getByLabel("内容（Markdown）").fill("电脑上写的");
  await phone.getByLabel("内容（Markdown）").fill("手机上写的");
  await phone.getByRole("button", { name: "保存", exact: true }).click();
  await expect(phone.getByText("已保存")).toBeVisible();
  // the phone reads its saved version; it edits on from there
  await phone.getByRole("button", { name: "编辑" }).click();
  await phone.getByLabel("内容（Markdown）").fill("手机上又写的");

  await desktop.getByRole("button", { name: "保存", exact: true }).click();
  const other = desktop.getByRole("region", { name: "另一处保存的版本" });
  await expect(other).toContainText("这篇笔记已在别处修改过");
  await expect(other).toContainText("手机上写的");
  await expect(desktop.getByLabel("内容（Markdown）")).toHaveValue("电脑上写的");
  await shot(desktop, "53-edit-conflict");
  await other.getByRole("button", { name: "保留我的并覆盖" }).click();
  await expect(desktop.getByText("已保存")).toBeVisible();
  await expect(other).toHaveCount(0);
  await expect(desktop.locator('[data-slot="item-reader"]')).toContainText("电脑上写的");

  // The phone's edits stand on the version before: its save meets the desktop's, and takes it.
  await phone.getByRole("button", { name: "保存", exact: true }).click();
  await phone
    .getByRole("region", { name: "另一处保存的版本" })
    .getByRole("button", { name: "改用这个版本" })
    .click();
  await expect(phone.getByLabel("内容（Markdown）")).toHaveValue("电脑上写的");
  const stored = await request.get(`/api/notes/${id}`, { headers });
  expect((await stored.json()).data.content).toBe("电脑上写的");
  await desktopContext.close();
});

test("回收站: a deleted idea waits there, comes back with 恢复, and 彻底删除 ends it", async ({
  page,
  request,
  signedIn: user,
}) => {
  const headers = { Authorization: `Bearer ${user.token}` };
  for (const content of ["留着以后再看的想法", "真的不要了的想法"])
    await request.post("/api/ideas", { headers, data: { content } });
  const list = page.getByRole("list", { name: "想法和笔记" });
  for (const content of ["留着以后再看的想法", "真的不要了的想法"]) {
    await page.goto("/");
    await list.getByText(content).click();
    await expect(page.locator('[data-slot="item-reader"]')).toContainText(content);
    await page.getByRole("button", { name: "更多操作" }).click();
    await page.getByRole("menuitem", { name: "删除" }).click();
    const dialog = page.getByRole("alertdialog", { name: "删除这个想法？" });
    await expect(dialog).toContainText("将移到回收站，之后可以撤销，或在回收站里恢复。");
    await dialog.getByRole("button", { name: "删除" }).click();
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByText("还没有内容")).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("link", { name: "回收站" }).click();
  await expect(page).toHaveTitle("回收站 - 拾念");
  const trash = page.getByRole("list", { name: "回收站里的内容" });
  await expect(trash.getByRole("listitem")).toHaveCount(2);
  await expect(trash.getByRole("listitem").first()).toContainText("还剩 30 天");
  await expect(page.getByText("删除的想法和笔记会在这里保留 30 天")).toBeVisible();
  await shot(page, "54-trash");
  await trash
    .getByRole("listitem")
    .filter({ hasText: "留着以后再看的想法" })
    .getByRole("button", { name: "恢复" })
    .click();
  await expect(page.getByText("想法已恢复")).toBeVisible();
  await expect(trash.getByRole("listitem")).toHaveCount(1);
  await trash.getByRole("button", { name: "彻底删除" }).click();
  await page
    .getByRole("alertdialog", { name: "彻底删除这条想法？" })
    .getByRole("button", { name: "彻底删除" })
    .click();
  await expect(page.getByText("回收站是空的")).toBeVisible();

  await page.goto("/");
  await expect(list.getByText("留着以后再看的想法")).toBeVisible();
  await expect(list.getByText("真的不要了的想法")).toHaveCount(0);
});

test("归档: an idea leaves 首页 for 归档, and one tap there brings it back", async ({
  page,
  signedIn: _user,
}) => {
  await page.goto("/");
  const composer = page.getByPlaceholder("记录一个想法…");
  await composer.fill("先收起来的想法");
  await composer.press("Control+Enter");
  const list = page.getByRole("list", { name: "想法和笔记" });
  // shown first while it saves (a card still saving opens nothing), then saved
  await expect(list.getByText("先收起来的想法")).toBeVisible();
  await expect(list.locator("[data-sync]")).toHaveCount(0);
  await list.getByText("先收起来的想法").click();
  await page.getByRole("button", { name: "归档", exact: true }).click();
  await expect(page.getByText("已归档，不再出现在首页")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("button", { name: "更多" })).toBeVisible();
  await expect(page.getByText("先收起来的想法")).toHaveCount(0);
  await page.getByRole("button", { name: "更多" }).click();
  await page.getByRole("menuitem", { name: "归档" }).click();
  await expect(page.getByRole("heading", { name: "归档", level: 1 })).toBeVisible();
  await page.getByRole("list", { name: "想法和笔记" }).getByText("先收起来的想法").click();
  await page.getByRole("button", { name: "已归档" }).click();
  await expect(page.getByText("已取消归档，回到首页")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("list", { name: "想法和笔记" }).getByText("先收起来的想法")).toBeVisible();
});

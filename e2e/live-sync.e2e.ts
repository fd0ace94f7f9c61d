import { expect, test } from "@playwright/test";
import { apiUser, signIn } from "./helpers.ts";

// Two devices of one person: what one captures, edits and deletes shows on the other's open 首页
// and open idea without a reload (GET /api/events, read with fetch after the first screen).
test("a capture, an edit and a delete on one device show on the other without a reload", async ({
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one project is enough: the stream is the same");
  const session = await apiUser(request);
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  for (const context of contexts) await signIn(context, session);
  const [phone, desk] = await Promise.all(contexts.map((c) => c.newPage()));
  const opened = desk!.waitForResponse((r) => r.url().endsWith("/api/events") && r.status() === 200);
  await Promise.all([phone!.goto("/"), desk!.goto("/")]);
  await opened;
  let reloads = 0;
  desk!.on("load", () => reloads++);

  // captured on the phone: the desk's 首页 shows it
  await phone!.getByPlaceholder("记录一个想法…").fill("两台设备之间同步的想法");
  await phone!.getByRole("button", { name: "保存", exact: true }).click();
  const deskList = desk!.getByRole("list", { name: "想法和笔记" });
  await expect(deskList.getByText("两台设备之间同步的想法")).toBeVisible();

  // the desk opens it; edited on the phone, the desk's open idea reads the new words
  await deskList.getByText("两台设备之间同步的想法").click();
  await expect(desk!).toHaveURL(/\/ideas\/[0-9a-f-]{36}$/);
  const url = new URL(desk!.url()).pathname;
  await phone!.goto(url);
  await phone!.getByRole("button", { name: "编辑" }).click();
  await phone!.getByRole("textbox", { name: "内容", exact: true }).fill("在手机上改过的想法");
  await phone!.getByRole("button", { name: "保存" }).click();
  await expect(phone!.getByText("已保存")).toBeVisible();
  await expect(desk!.locator('[data-slot="item-reader"]')).toContainText("在手机上改过的想法");

  // back on the desk's 首页; deleted on the phone, it goes from the desk's list
  await desk!.goBack();
  await expect(deskList.getByText("在手机上改过的想法")).toBeVisible();
  await phone!.getByRole("button", { name: "更多操作" }).click();
  await phone!.getByRole("menuitem", { name: "删除" }).click();
  await phone!
    .getByRole("alertdialog", { name: "删除这个想法？" })
    .getByRole("button", { name: "删除" })
    .click();
  await expect(phone!).toHaveURL(/\/$/);
  await expect(deskList.getByText("在手机上改过的想法")).toHaveCount(0);
  expect(reloads).toBe(0);
  await Promise.all(contexts.map((c) => c.close()));
});

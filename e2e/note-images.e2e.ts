import { expect, test } from "./fixtures.ts";
import { shot } from "./helpers.ts";
import { pasteFile } from "./paste-image.ts";

const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test("note images: a picture pasted into a note's text goes in as attachment:, and shows on the note after a reload", async ({
  page,
  signedIn: user,
}) => {
  const auth = { Authorization: `Bearer ${user.token}` };
  // a picture another client put on the note without referring to it in the text
  const loose = await page.request.post("/api/attachments", {
    headers: auth,
    multipart: {
      file: { name: "附件.png", mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG, "base64") },
    },
  });
  const looseId = (await loose.json()).data.id as string;
  const created = await page.request.post("/api/notes", {
    headers: auth,
    data: { title: "出差报销", content: "## 出差报销\n\n收据拍下来了：", attachmentIds: [looseId] },
  });
  const note = (await created.json()).data as { id: string };
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/notes/${note.id}`);
  await page.getByRole("button", { name: "编辑" }).click();

  const box = page.getByRole("textbox", { name: "内容（Markdown）" });
  await box.click();
  await page.keyboard.press("ControlOrMeta+End");
  await pasteFile(box, { name: "收据.png", type: "image/png", drawn: { width: 320, height: 200 } });

  await expect(box).toHaveValue(/收据拍下来了：\n\n!\[收据\.png\]\(attachment:[0-9a-f-]{36}\)\n$/);
  const id = /attachment:([0-9a-f-]{36})/.exec(await box.inputValue())![1]!;
  const preview = page.getByRole("region", { name: "预览" }).getByRole("img", { name: "收据.png" });
  await expect(preview).toHaveAttribute("src", new RegExp(`/api/files/${id}\\?exp=`));

  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/notes/${note.id}`) && r.request().method() === "PATCH",
  );
  await page.getByRole("button", { name: "保存", exact: true }).click();
  // the pasted picture, and the one the text never referred to, which the app's save keeps
  expect((await (await saved).json()).data.attachments).toEqual([
    expect.objectContaining({ id }),
    expect.objectContaining({ id: looseId }),
  ]);
  await expect(page.getByText("已保存")).toBeVisible();

  await page.reload();
  await page.getByRole("button", { name: "编辑" }).click();
  await expect(page.getByRole("list", { name: "笔记的图片" }).getByRole("img")).toHaveCount(1);
  await expect(box).toHaveValue(new RegExp(`!\\[收据\\.png\\]\\(attachment:${id}\\)`));
  await expect(box).not.toHaveValue(/\/api\/files\//);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(box).toBeEditable();
      await shot(page, `93-note-image-${width}-${scheme}`);
    }
  }

  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1440, height: 900 });

  // A reference to a file that is not this note's shows a placeholder and requests nothing; saving it is refused.
  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/files/")) requested.push(r.url());
  });
  const unknown = "0f0e0d0c-0b0a-4909-8807-060504030201";
  await box.fill(`${await box.inputValue()}\n![别人的图](attachment:${unknown})\n`);
  await expect(page.getByRole("img", { name: "图片不可用：别人的图" })).toBeVisible();
  await page.getByRole("button", { name: "保存", exact: true }).click();
  await expect(page.getByText("图片不存在或已附在别的想法或笔记上")).toBeVisible();
  expect(requested.filter((url) => url.includes(unknown))).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("note images: a touch screen offers the camera beside the picker", async ({
    page,
    signedIn: user,
  }) => {
    const created = await page.request.post("/api/notes", {
      headers: { Authorization: `Bearer ${user.token}` },
      data: { title: "白板", content: "今天的白板：" },
    });
    await page.goto(`/notes/${(await created.json()).data.id}`);
    await page.getByRole("button", { name: "编辑" }).click();
    await expect(page.getByRole("button", { name: "插入图片" })).toBeVisible();
    await expect(page.getByRole("button", { name: "拍照" })).toBeVisible();
    const camera = page.getByLabel("拍照", { exact: true }).and(page.locator("input"));
    await expect(camera).toHaveAttribute("capture", "environment");
    await expect(camera).toHaveAttribute("accept", "image/*");
    await shot(page, "94-note-image-phone-camera");
  });
});

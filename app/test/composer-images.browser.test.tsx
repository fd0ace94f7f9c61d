import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { type CaptureOptions, Composer } from "../src/features/home/composer.tsx";
import { signUp } from "./support/session.ts";
import "../src/styles.css";

// Pictures in the composer against the real server: each uploads as it is pasted, at most 9 are
// taken, a removed one is left out, and a failed save puts them back with the words.

async function pngs(count: number) {
  const canvas = document.createElement("canvas");
  canvas.width = 40;
  canvas.height = 30;
  const g = canvas.getContext("2d")!;
  const files: File[] = [];
  for (let i = 0; i < count; i++) {
    g.fillStyle = `hsl(${i * 36} 80% 50%)`;
    g.fillRect(0, 0, 40, 30);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    files.push(new File([blob], `照片${i + 1}.png`, { type: "image/png" }));
  }
  return files;
}

const box = () => page.getByRole("textbox", { name: "记录一个想法" });
const chips = () => document.querySelectorAll('[data-slot="image-upload-chip"]');
const done = () => document.querySelectorAll('[data-slot="image-upload-chip"][data-state="done"]');

test("pictures: 9 at most, a removed one is left out, a failed save puts them back, a saved one sends their ids", async () => {
  await signUp();
  const sent: CaptureOptions[] = [];
  let fail = true;
  await render(
    <Composer
      queueCapture={async (_content, options) => {
        sent.push(options);
        if (fail) throw new Error("保存失败");
      }}
    />,
  );
  await box().fill("十张照片");
  const data = new DataTransfer();
  for (const file of await pngs(10)) data.items.add(file);
  box()
    .element()
    .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));

  await expect.element(page.getByRole("alert")).toHaveTextContent("每条想法最多 9 张图片");
  expect(chips()).toHaveLength(9);
  await expect.poll(() => done().length, { timeout: 30_000 }).toBe(9);

  await page.getByRole("button", { name: "移除图片" }).first().click();
  expect(chips()).toHaveLength(8);
  await page.getByRole("button", { name: "保存" }).click();
  await expect.element(box()).toHaveValue("十张照片");
  await expect.poll(() => done().length).toBe(8);

  fail = false;
  await page.getByRole("button", { name: "保存" }).click();
  await expect.poll(() => chips().length).toBe(0);
  expect(sent).toHaveLength(2);
  const ids = (options: CaptureOptions) => options.files?.map((f) => f.attachmentId);
  expect(new Set(ids(sent[1]!))).toHaveLength(8);
  expect(sent[1]!.files?.every((f) => f.attachmentId && f.blob)).toBe(true);
  expect(ids(sent[1]!)).toEqual(ids(sent[0]!));
});

test("a picture whose upload fails on the network waits as 联网后上传 and is saved with its bytes, in its place", async () => {
  await signUp();
  const sent: CaptureOptions[] = [];
  await render(<Composer queueCapture={async (_content, options) => void sent.push(options)} />);
  await box().fill("断网时拍的照片");
  const [first, second] = await pngs(2);
  const paste = (file: File) => {
    const data = new DataTransfer();
    data.items.add(file);
    box()
      .element()
      .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  };
  await commands.failNextRequest("/api/attachments");
  paste(first!);
  await expect.poll(() => chips()[0]?.getAttribute("data-state"), { timeout: 10_000 }).toBe("queued");
  expect(chips()[0]!.textContent).toContain("联网后上传");
  paste(second!);
  await expect.poll(() => done().length).toBe(1);
  expect(chips()[0]!.getAttribute("data-state")).toBe("queued");

  await page.getByRole("button", { name: "保存" }).click();
  await expect.poll(() => sent.length).toBe(1);
  const [waiting, uploaded] = sent[0]!.files!;
  expect(waiting).toMatchObject({ kind: "image", name: "照片1.png", contentType: "image/png" });
  expect(waiting!.blob).toBe(first);
  expect(waiting!.attachmentId).toBeUndefined();
  expect(uploaded!.attachmentId).toBeTruthy();
  expect(uploaded!.blob).toBe(second);
});

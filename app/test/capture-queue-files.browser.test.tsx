import { expect, test } from "vitest";
import { commands, page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { tokenStore } from "../src/auth/token-store.ts";
import {
  dropQueued,
  patchQueued,
  putQueued,
  type QueuedCapture,
  queuedFor,
} from "../src/features/capture-queue/queue-store.ts";
import { outcomeOf } from "../src/features/capture-queue/send-outcome.ts";
import { sendQueued } from "../src/features/capture-queue/send-queued.ts";
import { useFilePreviews } from "../src/features/capture-queue/use-file-previews.ts";
import { type CaptureOptions, Composer } from "../src/features/home/composer.tsx";
import { signUp } from "./support/session.ts";

// The offline queue's files against the real server and the browser's real IndexedDB: uploaded in
// order, each once, then the idea once, whichever answer the network loses on the way.

async function png(hue: number, name: string) {
  const canvas = document.createElement("canvas");
  canvas.width = 40;
  canvas.height = 30;
  const g = canvas.getContext("2d")!;
  g.fillStyle = `hsl(${hue} 80% 50%)`;
  g.fillRect(0, 0, 40, 30);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
  return new File([blob], name, { type: "image/png" });
}

async function queued(content: string, files: File[], ids: (string | undefined)[] = []) {
  await signUp();
  const userId = tokenStore.get().user?.id;
  if (!userId) throw new Error("not signed in");
  const item: QueuedCapture = {
    userId,
    clientId: crypto.randomUUID(),
    content,
    capturedAt: new Date().toISOString(),
    state: "pending",
    files: files.map((file, i) => ({
      key: crypto.randomUUID(),
      kind: "image",
      name: file.name,
      contentType: file.type,
      size: file.size,
      blob: file,
      ...(ids[i] ? { attachmentId: ids[i] } : {}),
    })),
  };
  await putQueued(item);
  return item;
}

const stored = async (item: QueuedCapture) =>
  (await queuedFor(item.userId)).find((i) => i.clientId === item.clientId);

// The test page loads hundreds of modules, each a resource entry: past the browser's default buffer
// of 250, later requests (the uploads counted here) would not be recorded at all.
performance.setResourceTimingBufferSize(100_000);

/** Upload requests this page has made so far (XMLHttpRequest shows in resource timing). */
const uploadsMade = () =>
  performance.getEntriesByType("resource").filter((e) => new URL(e.name).pathname === "/api/attachments")
    .length;

const ideasWith = async (content: string) =>
  (await call("listIdeas", { query: { limit: 100 } })).items.filter((i) => i.content === content);

test("files upload in order and once each, and the idea is made once, when answers are lost", async () => {
  const files = [await png(20, "白板.png"), await png(200, "收据.png")];
  const item = await queued("离线拍的两张照片", files);
  const before = uploadsMade();

  // The first upload reaches the server but its answer is lost: nothing is recorded, it is made
  // again next time (the first copy stays unattached until the server's sweep deletes it).
  await commands.loseNextAnswer("/api/attachments");
  const lostUpload = await sendQueued(item).catch((e: unknown) => e);
  expect(outcomeOf(lostUpload)).toEqual({ kind: "wait" });
  expect((await stored(item))!.files!.map((f) => f.attachmentId)).toEqual([undefined, undefined]);

  // Both upload; the save reaches the server and its answer is lost.
  await commands.loseNextAnswer("/api/ideas");
  const lostSave = await sendQueued((await stored(item))!).catch((e: unknown) => e);
  expect(outcomeOf(lostSave)).toEqual({ kind: "wait" });
  const ids = (await stored(item))!.files!.map((f) => f.attachmentId);
  expect(new Set(ids).size).toBe(2);
  expect(ids.every(Boolean)).toBe(true);
  expect(await ideasWith("离线拍的两张照片")).toHaveLength(1);

  // The resend uploads nothing and gets the first idea back, with the files in their order.
  const idea = (await sendQueued((await stored(item))!))!;
  expect(idea.attachments?.map((a) => a.id)).toEqual(ids);
  expect(uploadsMade() - before).toBe(3);
  const [only, ...more] = await ideasWith("离线拍的两张照片");
  expect(more).toEqual([]);
  expect(only!.attachments?.map((a) => a.id)).toEqual(ids);
});

test("a file the server no longer has (swept while the capture waited) is uploaded again from its kept bytes", async () => {
  const gone = crypto.randomUUID();
  const item = await queued("等了很久的照片", [await png(120, "旧照片.png")], [gone]);
  const idea = (await sendQueued(item))!;
  expect(idea.attachments).toHaveLength(1);
  expect(idea.attachments![0]!.id).not.toBe(gone);
  expect((await stored(item))!.files![0]!.attachmentId).toBe(idea.attachments![0]!.id);
});

test("a picture uploaded in the composer is queued with its bytes too: swept before the save, it is uploaded again and saved once", async () => {
  await signUp();
  const sent: CaptureOptions[] = [];
  const view = await render(<Composer queueCapture={async (_content, options) => void sent.push(options)} />);
  await page.getByRole("textbox", { name: "记录一个想法" }).fill("早上传好的照片");
  const data = new DataTransfer();
  data.items.add(await png(300, "早上.png"));
  page
    .getByRole("textbox", { name: "记录一个想法" })
    .element()
    .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  const done = () => document.querySelectorAll('[data-slot="image-upload-chip"][data-state="done"]').length;
  await expect.poll(done, { timeout: 10_000 }).toBe(1);
  await page.getByRole("button", { name: "保存" }).click();
  await expect.poll(() => sent.length).toBe(1);
  await view.unmount();
  const [file] = sent[0]!.files!;
  expect(file!.attachmentId).toBeTruthy();
  expect(file!.blob).toBeInstanceOf(Blob);

  // The save waited past `attachments.graceMs` and the server deleted the upload (here: attached to
  // an idea that is then deleted for good, which deletes its files at once).
  const other = await call("createIdea", {
    body: { content: "借用一下", attachmentIds: [file!.attachmentId!] },
  });
  await call("deleteIdea", { params: { id: other.id } });
  await call("deleteFromTrash", { params: { id: other.id } });

  const userId = tokenStore.get().user?.id;
  if (!userId) throw new Error("not signed in");
  const item: QueuedCapture = {
    userId,
    clientId: crypto.randomUUID(),
    content: "早上传好的照片",
    capturedAt: new Date().toISOString(),
    state: "pending",
    files: sent[0]!.files!,
  };
  await putQueued(item);
  const idea = (await sendQueued(item))!;
  expect(idea.attachments).toHaveLength(1);
  expect(idea.attachments![0]!.id).not.toBe(file!.attachmentId);
  expect(await ideasWith("早上传好的照片")).toHaveLength(1);
});

test("a file the server refuses keeps the capture, refused with the file's name and the server's reason", async () => {
  const fake = new File(["<html>不是图片</html>"], "假图片.png", { type: "image/png" });
  const item = await queued("带着假图片的想法", [fake]);
  const error = await sendQueued(item).catch((e: unknown) => e);
  expect(outcomeOf(error)).toEqual({
    kind: "refused",
    reason: "假图片.png：仅支持 PNG、JPEG、WebP、GIF 或 HEIC 图片",
  });
  expect(await ideasWith("带着假图片的想法")).toEqual([]);
});

test("a change to a capture that was sent and dropped meanwhile does not bring it back", async () => {
  const item = await queued("已经发出的想法", []);
  await dropQueued(item);
  await patchQueued(item, (old) => ({ ...old, state: "refused", reason: "x" }));
  expect(await stored(item)).toBeUndefined();
});

function Previews({
  items,
  seen,
}: {
  items: QueuedCapture[];
  seen: (urls: ReadonlyMap<string, string>) => void;
}) {
  seen(useFilePreviews(items));
  return null;
}

const readable = (url: string) =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

test("the feed's previews of queued files are revoked when their capture leaves the queue, and when the screen closes", async () => {
  const item = await queued("两张待同步的照片", [await png(40, "一.png"), await png(80, "二.png")]);
  let urls: ReadonlyMap<string, string> = new Map();
  const seen = (next: ReadonlyMap<string, string>) => {
    urls = next;
  };
  const view = await render(<Previews items={[item]} seen={seen} />);
  await expect.poll(() => urls.size).toBe(2);
  const [first, second] = [...urls.values()];
  expect(await readable(first!)).toBe(true);

  // The same capture read again from the queue (new Blob objects): the same URLs, nothing made anew.
  await view.rerender(<Previews items={[(await stored(item))!]} seen={seen} />);
  expect([...urls.values()]).toEqual([first, second]);
  expect(await readable(second!)).toBe(true);

  await view.rerender(<Previews items={[{ ...item, files: item.files!.slice(1) }]} seen={seen} />);
  await expect.poll(() => readable(first!)).toBe(false);
  expect(await readable(second!)).toBe(true);
  await view.unmount();
  await expect.poll(() => readable(second!)).toBe(false);
});

import { createStore, get, set } from "idb-keyval";
import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { call } from "../src/api/client.ts";
import { tokenStore } from "../src/auth/token-store.ts";
import { annotationEntry } from "../src/features/capture-queue/queue-annotation.ts";
import { ANNOTATION_DB, QUEUE_DB, QUEUE_STORE, queueKey } from "../src/features/capture-queue/queue-names.ts";
import { putQueued, queuedFor } from "../src/features/capture-queue/queue-store.ts";
import { useCaptureQueue } from "../src/features/capture-queue/use-capture-queue.ts";
import HomeQueuedAnnotations from "../src/features/home/queued-annotations.tsx";
import { signUp } from "./support/session.ts";

// 首页's queue against the real server and the browser's real IndexedDB: a 批注 whose idea was
// deleted for good meanwhile is refused, shown with the server's reason under its idea, and can be
// deleted from this device; one whose idea is there is sent.

function HomeQueue({ userId }: { userId: string }) {
  const queue = useCaptureQueue(userId, () => undefined);
  return <HomeQueuedAnnotations queue={queue} />;
}

test("a refused 批注 shows the server's reason under its idea, and 删除 takes it off the device", async () => {
  await signUp();
  const userId = tokenStore.get().user?.id;
  if (!userId) throw new Error("not signed in");
  const gone = await call("createIdea", { body: { content: "周末去学陶艺" } });
  const kept = await call("createIdea", { body: { content: "读完了三体" } });
  const orphan = annotationEntry(userId, { id: gone.id, title: "周末去学陶艺" }, "先学定中心");
  const fine = annotationEntry(userId, { id: kept.id, title: "读完了三体" }, "结尾和开头是同一个问题");
  await putQueued(orphan);
  await putQueued(fine);
  // deleted for good while the 批注 waited on this device
  await call("deleteIdea", { params: { id: gone.id } });
  await call("emptyTrash", {});

  await render(<HomeQueue userId={userId} />);
  const box = page.getByRole("region", { name: "待同步的批注" });
  await expect.element(box.getByText("未能保存：想法不存在")).toBeVisible();
  await expect.element(box.getByText("批注于「周末去学陶艺」")).toBeVisible();
  await expect.element(box.getByText("先学定中心")).toBeVisible();
  // the other was sent, and is no longer listed
  await expect.element(box.getByText("结尾和开头是同一个问题")).not.toBeInTheDocument();
  const thread = await call("listAnnotations", { params: { id: kept.id } });
  expect(thread.items.map((a) => a.content)).toEqual(["结尾和开头是同一个问题"]);

  // 重试 asks the server again, and it refuses again with the same reason
  await box.getByRole("button", { name: "重试发送这条批注" }).click();
  await expect
    .poll(async () => (await queuedFor(userId)).map((i) => [i.content, i.state, i.reason]))
    .toEqual([["先学定中心", "refused", "想法不存在"]]);
  await expect.element(box.getByText("未能保存：想法不存在")).toBeVisible();

  await box.getByRole("button", { name: "删除这条未保存的批注" }).click();
  await expect.element(box).not.toBeInTheDocument();
  expect(await queuedFor(userId)).toEqual([]);
});

test("重试 sends a refused 批注 again: once its idea is back from 回收站, it is saved and leaves the device", async () => {
  await signUp();
  const userId = tokenStore.get().user?.id;
  if (!userId) throw new Error("not signed in");
  const idea = await call("createIdea", { body: { content: "练习拉坯" } });
  await call("deleteIdea", { params: { id: idea.id } });
  await putQueued(annotationEntry(userId, { id: idea.id, title: "练习拉坯" }, "今天终于拉起来了"));

  await render(<HomeQueue userId={userId} />);
  const box = page.getByRole("region", { name: "待同步的批注" });
  await expect.element(box.getByText("未能保存：", { exact: false })).toBeVisible();

  await call("restoreFromTrash", { params: { id: idea.id } });
  await box.getByRole("button", { name: "重试发送这条批注" }).click();
  await expect.element(box).not.toBeInTheDocument();
  expect(await queuedFor(userId)).toEqual([]);
  const thread = await call("listAnnotations", { params: { id: idea.id } });
  expect(thread.items.map((a) => a.content)).toEqual(["今天终于拉起来了"]);
});

test("a 批注 queued by the release that kept it beside the ideas is listed in the same answer that moves it", async () => {
  const userId = crypto.randomUUID();
  const old = annotationEntry(userId, { id: crypto.randomUUID(), title: "学做面包" }, "第二次发得更好");
  const ideas = createStore(QUEUE_DB, QUEUE_STORE);
  await set(queueKey(old), old, ideas);

  expect((await queuedFor(userId)).map((i) => i.content)).toEqual(["第二次发得更好"]);
  // moved, not copied: the ideas' queue no longer holds it, and it is listed once
  expect(await get(queueKey(old), ideas)).toBeUndefined();
  expect(await get(queueKey(old), createStore(ANNOTATION_DB, QUEUE_STORE))).toEqual(old);
  expect((await queuedFor(userId)).map((i) => i.content)).toEqual(["第二次发得更好"]);
});

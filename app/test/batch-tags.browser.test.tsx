import { expect, test } from "vitest";
import { call } from "../src/api/client.ts";
import { editTagWithUndo } from "../src/features/home/batch-tags.ts";
import { toaster } from "../src/lib/toaster.ts";
import { signUp } from "./support/session.ts";

// 多选's 加标签 and 去标签 against the real server: one edit per chosen item, the tag taken out of
// the text too (else the next save brings it back), and 撤销 putting back each item's text and tags.

const feed = async () => (await call("feed", { query: { type: "all" } })).items;
const byId = async () => new Map((await feed()).map((item) => [item.id, item]));
const noteText = async (id: string) => (await call("getNote", { params: { id } })).content;

test("a tag added to and taken off several items at once, each undone to exactly what it was", async () => {
  await signUp();
  const shoe = await call("createIdea", { body: { content: "新买的鞋。#跑步 很轻" } });
  const plain = await call("createIdea", { body: { content: "早上读了十页书" } });
  const note = await call("createNote", {
    body: { title: "训练", content: "# 第一周\n\n慢跑 #跑步\n\n`#跑步` 不是标签" },
  });
  const chosen = await feed();
  expect(chosen).toHaveLength(3);

  // 加标签: the tags only (the text stays as typed); the item that has it already is left alone
  const added = await editTagWithUndo(chosen, "晨间", "add");
  expect(added).toEqual({ changed: 3, failed: 0, error: undefined });
  let now = await byId();
  expect(now.get(shoe.id)?.tags).toEqual(["跑步", "晨间"]);
  expect(now.get(plain.id)?.tags).toEqual(["晨间"]);
  expect(now.get(note.id)?.tags).toEqual(["跑步", "晨间"]);
  expect(toaster.get()?.message).toBe("已为 3 条内容加上 #晨间");
  toaster.get()?.action?.run();
  await expect.poll(async () => (await byId()).get(plain.id)?.tags, { timeout: 10_000 }).toEqual([]);
  await expect.poll(() => toaster.get()?.message).toBe("已撤销，3 条内容的标签已复原");
  now = await byId();
  expect(now.get(shoe.id)?.tags).toEqual(["跑步"]);
  expect(now.get(note.id)?.tags).toEqual(["跑步"]);

  // 去标签: out of the tags and out of the words (not out of code), only where it was; inside a
  // sentence only the # goes
  const removed = await editTagWithUndo([...(await byId()).values()], "跑步", "remove");
  expect(removed).toEqual({ changed: 2, failed: 0, error: undefined });
  now = await byId();
  expect(now.get(shoe.id)).toMatchObject({ content: "新买的鞋。跑步 很轻", tags: [] });
  expect(now.get(note.id)?.tags).toEqual([]);
  expect(await noteText(note.id)).toBe("# 第一周\n\n慢跑\n\n`#跑步` 不是标签");
  // a later save of the idea's words keeps it untagged
  await call("updateIdea", { params: { id: shoe.id }, body: { content: "新买的鞋。跑步 很轻！" } });
  expect((await call("getIdea", { params: { id: shoe.id } })).tags).toEqual([]);

  // 撤销 is one action: the idea was edited since, so neither it nor the note goes back, and it says so
  const undo = toaster.get()?.action;
  undo?.run();
  await expect.poll(() => toaster.get()?.tone, { timeout: 10_000 }).toBe("error");
  expect(toaster.get()?.message).toBe("没有撤销：有内容已在别处修改过，这次什么都没有改");
  expect(await noteText(note.id)).toBe("# 第一周\n\n慢跑\n\n`#跑步` 不是标签");
  now = await byId();
  expect(now.get(note.id)?.tags).toEqual([]);
  expect(now.get(shoe.id)).toMatchObject({ content: "新买的鞋。跑步 很轻！", tags: [] });
});

test("an item changed elsewhere since the list was loaded is not overwritten, and is counted", async () => {
  await signUp();
  const idea = await call("createIdea", { body: { content: "旧的想法" } });
  const [stale] = await feed();
  await call("updateIdea", { params: { id: idea.id }, body: { content: "别处改过的想法" } });
  const result = await editTagWithUndo([stale!], "灵感", "add");
  expect(result.changed).toBe(0);
  expect(result.failed).toBe(1);
  expect(result.error).toContain("已在别处修改过");
  expect((await call("getIdea", { params: { id: idea.id } })).tags).toEqual([]);
});

test("取消 while a batch runs: the items it has not reached stay as they are, those done can be undone", async () => {
  await signUp();
  for (const content of ["第一条", "第二条", "第三条"]) await call("createIdea", { body: { content } });
  const items = await feed();
  const stop = new AbortController();
  const running = editTagWithUndo(items, "晨间", "add", stop.signal);
  stop.abort(); // the first item's edit is already on its way
  expect(await running).toEqual({ changed: 1, failed: 0, error: undefined });
  expect((await feed()).filter((item) => item.tags.includes("晨间"))).toHaveLength(1);
  expect(toaster.get()?.message).toBe("已为 1 条内容加上 #晨间，其余已取消");
});

test("去标签 whose 撤销 would be larger than the server takes says so instead of offering it", async () => {
  await signUp();
  // four long notes: putting their words back is one request of ~2.4 MB, above the bound
  for (let i = 0; i < 4; i++)
    await call("createNote", { body: { title: `长笔记${i}`, content: `${"字".repeat(199_990)}\n\n#长文` } });
  const removed = await editTagWithUndo(await feed(), "长文", "remove");
  expect(removed).toEqual({ changed: 4, failed: 0, error: undefined });
  expect(toaster.get()?.message).toBe("已从 4 条内容去掉 #长文（改动的文字太多，不能撤销）");
  expect(toaster.get()?.action).toBeUndefined();
});

import { expect, test } from "vitest";
import { call } from "../src/api/client.ts";
import { deleteWithUndo } from "../src/features/trash/delete-with-undo.ts";
import { toaster } from "../src/lib/toaster.ts";
import { signUp } from "./support/session.ts";

// 撤销 after deleting several, against the real server: one that cannot come back stops no other.

test("撤销 restores every item it can, and says how many it could not", async () => {
  await signUp();
  const ids: string[] = [];
  for (const content of ["第一条", "第二条", "第三条"])
    ids.push((await call("createIdea", { body: { content } })).id);
  await deleteWithUndo(ids.map((id) => ({ kind: "idea" as const, id })));
  expect(toaster.get()?.message).toBe("3 条内容已移到回收站");
  await call("restoreFromTrash", { params: { id: ids[0]! } }); // restored by hand from 回收站 meanwhile

  toaster.get()?.action?.run();
  await expect.poll(() => toaster.get()?.tone).toBe("error");
  expect(toaster.get()?.message).toMatch(/^已恢复 2 条，1 条撤销失败：.+。可以在回收站里恢复。$/);
  const feed = (await call("feed", { query: { type: "all" } })).items.map((item) => item.id);
  expect(feed.sort()).toEqual([...ids].sort());
});

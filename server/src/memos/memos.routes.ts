import type { Context, Hono } from "hono";
import { getNumberedUser } from "../accounts/accounts.store.ts";
import { listedFilesOfItems } from "../attachments/listing.store.ts";
import type { AppDeps, AppEnv } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { decodeCursor, encodeCursor } from "../http/cursor.ts";
import { setArchived } from "../items/archive.store.ts";
import { captureIdea } from "../items/capture.ts";
import { type IdeaRow, newestIdeaRows, updateIdea } from "../items/ideas.store.ts";
import { findMemoIdea, memoUidOf } from "../items/memo-ideas.store.ts";
import { trashIdea } from "../items/trash.store.ts";
import { limitWrites } from "../points/write-limits.ts";
import { filterKeepsOwn, parseListQuery } from "./list-query.ts";
import { parseMemo, parseMemoId, patchFields, readJson } from "./memo-input.ts";
import { type MemosAttachment, toMemo, toMemosAttachment, userName } from "./shapes.ts";
import { wholeSeconds } from "./wire.ts";

const memoNotFound = () => notFound("想法不存在");
const memoIdTaken = () => new ApiError("CONFLICT", "这个 memoId 已被使用");
const UNIQUE_VIOLATION = "23505";

/** memos' JSON of these ideas, with their files: one query for all the files. */
async function memosOf(deps: AppDeps, userId: string, creator: string, rows: IdeaRow[]) {
  const files = await listedFilesOfItems(
    deps.db,
    userId,
    rows.map((r) => r.id),
  );
  const byItem = new Map<string, MemosAttachment[]>();
  const uidOf = new Map(rows.map((r) => [r.id, memoUidOf(r)]));
  for (const file of files) {
    const list = byItem.get(file.item_id!) ?? [];
    list.push(toMemosAttachment(file, uidOf.get(file.item_id!)));
    byItem.set(file.item_id!, list);
  }
  return rows.map((row) => toMemo(row, creator, byItem.get(row.id) ?? []));
}

async function oneMemo(c: Context<AppEnv>, row: IdeaRow) {
  const { deps, auth } = c.var;
  const user = await getNumberedUser(deps.db, auth.userId);
  return c.json((await memosOf(deps, auth.userId, userName(user), [row]))[0]);
}

async function existingMemo(c: Context<AppEnv>) {
  const row = await findMemoIdea(c.var.deps.db, c.var.auth.userId, c.req.param("uid") ?? "");
  if (!row) throw memoNotFound();
  return row;
}

/** `/api/v1/memos`: a memo is an idea (docs/api.md, "memos 兼容接口"). */
export function memoRoutes(api: Hono<AppEnv>) {
  api.get("/api/v1/memos", async (c) => {
    const { deps, auth } = c.var;
    const q = parseListQuery(c.req.query());
    const user = await getNumberedUser(deps.db, auth.userId);
    const cursor = decodeCursor(q.pageToken, "uuid");
    if (!filterKeepsOwn(q.filter, user.number)) return c.json({ memos: [], nextPageToken: "" });
    const rows = await newestIdeaRows(deps.db, auth.userId, {
      limit: q.pageSize,
      cursor,
      archived: q.archived,
    });
    const page = rows.slice(0, q.pageSize);
    const last = page[page.length - 1];
    return c.json({
      memos: await memosOf(deps, auth.userId, userName(user), page),
      nextPageToken:
        rows.length > q.pageSize && last ? encodeCursor({ us: last.cursor_us, id: last.id }) : "",
    });
  });

  api.post("/api/v1/memos", async (c) => {
    const { deps, auth } = c.var;
    const memoUid = parseMemoId(c.req.query("memoId"));
    const memo = parseMemo(await readJson(c.req));
    if (memo.content === undefined) throw new ApiError("VALIDATION_ERROR", "content：请输入内容");
    await limitWrites(deps, auth.userId, "captures");
    const { idea } = await captureIdea(deps, auth, {
      content: memo.content,
      pinned: memo.pinned,
      capturedAt: wholeSeconds(memo.createTime),
      attachmentIds: memo.attachmentIds,
      memoUid,
    }).catch((err: { code?: string; constraint?: string }) => {
      if (err.code === UNIQUE_VIOLATION && err.constraint === "ideas_user_memo_uid") throw memoIdTaken();
      throw err;
    });
    if (memo.state === "ARCHIVED") await setArchived(deps.db, auth.userId, "idea", idea.id, true);
    const row = await findMemoIdea(deps.db, auth.userId, memoUid ?? idea.id);
    if (!row) throw memoNotFound(); // deleted at once by another request
    return oneMemo(c, row);
  });

  api.get("/api/v1/memos/:uid", async (c) => oneMemo(c, await existingMemo(c)));

  api.patch("/api/v1/memos/:uid", async (c) => {
    const { deps, auth } = c.var;
    const json = await readJson(c.req);
    const memo = parseMemo(json);
    const fields = patchFields(c.req.query("updateMask"), (json ?? {}) as Record<string, unknown>);
    const row = await existingMemo(c);
    const has = (field: string) => fields.has(field);
    if (has("content") && memo.content === undefined)
      throw new ApiError("VALIDATION_ERROR", "content：请输入内容");
    const patch = {
      ...(has("content") ? { content: memo.content } : {}),
      ...(has("pinned") && memo.pinned !== undefined ? { pinned: memo.pinned } : {}),
      ...(has("attachments") ? { attachmentIds: memo.attachmentIds ?? [] } : {}),
    };
    if (Object.keys(patch).length) await updateIdea(deps.db, deps.config.quota, auth.userId, row.id, patch);
    if (has("state") && memo.state)
      await setArchived(deps.db, auth.userId, "idea", row.id, memo.state === "ARCHIVED");
    const after = await findMemoIdea(deps.db, auth.userId, memoUidOf(row));
    if (!after) throw memoNotFound();
    return oneMemo(c, after);
  });

  // to 回收站, as deleting in the app does: restorable there, in neither of memos' lists
  api.delete("/api/v1/memos/:uid", async (c) => {
    const row = await existingMemo(c);
    if (!(await trashIdea(c.var.deps.db, c.var.auth.userId, row.id))) throw memoNotFound();
    return c.json({});
  });
}

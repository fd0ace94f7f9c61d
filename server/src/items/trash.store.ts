import type { TrashItem } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { usOf } from "../http/cursor.ts";
import { oldestFirst } from "../shared/keyset.ts";

/**
 * 回收站 (migration 012). Deleting moves the row whole into `trash` in one statement; restoring puts
 * it back unchanged (same id, same times, an idea's AI versions and 批注 with it; a note's 历史版本 never leave
 * note_versions, where nothing lists them while the note is away). Trashed items are in no
 * other table, so no list, search, AI source or export can see them.
 */

const PREVIEW = 200;
const LIST_AT_MOST = 500;

/**
 * Moves one of the user's ideas, and its AI versions, into the trash; false when there was none.
 * The idea is locked first, so a tidy saving a version meanwhile is either all in or all out.
 */
export async function trashIdea(db: Db, userId: string, ideaId: string): Promise<boolean> {
  return tx(db, async (client) => {
    await client.query("SELECT 1 FROM ideas WHERE id = $1 AND user_id = $2 FOR UPDATE", [ideaId, userId]);
    return moveIdeaToTrash(client, userId, ideaId);
  });
}

async function moveIdeaToTrash(db: Queryable, userId: string, ideaId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH versions AS (
         SELECT coalesce(jsonb_agg(to_jsonb(v) ORDER BY v.created_at), '[]'::jsonb) AS list
         FROM idea_versions v WHERE v.idea_id = $1 AND v.user_id = $2),
       -- its 批注 (migration 045) go with it: the idea's deletion cascades to them
       annotations AS (
         SELECT coalesce(jsonb_agg(to_jsonb(a) ORDER BY a.created_at, a.id), '[]'::jsonb) AS list
         FROM annotations a WHERE a.idea_id = $1 AND a.user_id = $2),
       gone AS (DELETE FROM ideas WHERE id = $1 AND user_id = $2 RETURNING *),
       tomb AS (INSERT INTO deleted_client_ids (user_id, client_id)
         SELECT $2, client_id FROM gone WHERE client_id IS NOT NULL ON CONFLICT DO NOTHING)
     INSERT INTO trash (user_id, id, type, title, preview, item)
     SELECT $2, g.id, 'idea', g.title, left(g.content, ${PREVIEW}),
       -- tag_paths is derived from tags: restore's trigger makes it again
       jsonb_build_object('idea', to_jsonb(g) - 'tag_paths', 'versions', (SELECT list FROM versions),
         'annotations', (SELECT list FROM annotations))
     FROM gone g RETURNING id`,
    [ideaId, userId],
  );
  return Boolean(rowCount);
}

/**
 * Moves one of the user's notes into the trash; false when there was none. Its 历史版本 stay in
 * note_versions, unlisted while the note is away, so neither this nor a restore copies them.
 */
export async function trashNote(db: Queryable, userId: string, noteId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH gone AS (DELETE FROM notes WHERE id = $1 AND user_id = $2 RETURNING *)
     INSERT INTO trash (user_id, id, type, title, preview, item)
     SELECT $2, g.id, 'note', g.title, left(g.content, ${PREVIEW}), jsonb_build_object('note', to_jsonb(g) - 'tag_paths')
     FROM gone g RETURNING id`,
    [noteId, userId],
  );
  return Boolean(rowCount);
}

export async function listTrash(db: Queryable, userId: string, keepDays: number): Promise<TrashItem[]> {
  const { rows } = await db.query<{
    type: "idea" | "note";
    id: string;
    title: string;
    preview: string;
    deleted_at: Date;
    purge_at: Date;
  }>(
    `SELECT type, id, title, preview, deleted_at, deleted_at + make_interval(days => $2) AS purge_at
     FROM trash WHERE user_id = $1 ORDER BY deleted_at DESC, id LIMIT ${LIST_AT_MOST}`,
    [userId, keepDays],
  );
  return rows.map((r) => ({
    type: r.type,
    id: r.id,
    title: r.title,
    preview: r.preview,
    deletedAt: r.deleted_at.toISOString(),
    purgeAt: r.purge_at.toISOString(),
  }));
}

/**
 * Puts a trashed idea or note back as it was; null when the trash holds no such item. A restored
 * idea is not tidied again (its pending tidy, if any, is dropped) and its clientId counts again.
 */
export async function restoreFromTrash(db: Db, userId: string, id: string) {
  return tx(db, async (client) => {
    const { rows } = await client.query<{ type: "idea" | "note"; item: Record<string, unknown> }>(
      "DELETE FROM trash WHERE user_id = $1 AND id = $2 RETURNING type, item",
      [userId, id],
    );
    const trashed = rows[0];
    if (!trashed) return null;
    if (trashed.type === "note") {
      await client.query("INSERT INTO notes SELECT * FROM jsonb_populate_record(NULL::notes, $1::jsonb)", [
        trashed.item.note,
      ]);
      return { type: "note" as const, id };
    }
    const idea = trashed.item.idea as Record<string, unknown>;
    await client.query(
      `INSERT INTO ideas SELECT * FROM jsonb_populate_record(NULL::ideas, $1::jsonb
         || jsonb_build_object('ai_version_id', NULL, 'ai_tidy_due_at', NULL, 'ai_started_at', NULL,
              -- a memo uid (migration 040) taken meanwhile by a new memo stays with that one
              'memo_uid', CASE WHEN EXISTS (SELECT 1 FROM ideas i WHERE i.user_id = ($1::jsonb ->> 'user_id')::uuid
                AND i.memo_uid = $1::jsonb ->> 'memo_uid') THEN NULL ELSE $1::jsonb -> 'memo_uid' END,
              'ai_status', CASE WHEN $1::jsonb ->> 'ai_status' = 'pending' THEN 'none' ELSE $1::jsonb ->> 'ai_status' END))`,
      [idea],
    );
    await client.query(
      "INSERT INTO idea_versions SELECT * FROM jsonb_populate_recordset(NULL::idea_versions, $1::jsonb)",
      [JSON.stringify(trashed.item.versions ?? [])],
    );
    await client.query(
      `INSERT INTO annotations SELECT * FROM jsonb_populate_recordset(NULL::annotations, $1::jsonb)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(trashed.item.annotations ?? [])],
    );
    // the version it pointed at, if that version came along (it always should: trashIdea locks)
    await client.query(
      "UPDATE ideas SET ai_version_id = (SELECT id FROM idea_versions WHERE id = $3) WHERE id = $1 AND user_id = $2",
      [id, userId, idea.ai_version_id ?? null],
    );
    if (idea.client_id) {
      await client.query("DELETE FROM deleted_client_ids WHERE user_id = $1 AND client_id = $2", [
        userId,
        idea.client_id,
      ]);
    }
    return { type: "idea" as const, id };
  });
}

type TrashRow = { type: string; id: string; deleted_at: Date; item: unknown; cursor_us: string };

/** What is in the user's trash, oldest deletion first, `size` at a time (the export's `trash`). */
export async function* trashBatches(db: Queryable, userId: string, size: number) {
  const columns = `type, id, deleted_at, item, ${usOf("deleted_at")} AS cursor_us`;
  for await (const rows of oldestFirst<TrashRow>(db, "trash", columns, userId, size, "deleted_at")) {
    yield rows.map((r) => ({ type: r.type, id: r.id, deletedAt: r.deleted_at.toISOString(), item: r.item }));
  }
}

/**
 * Deletes for good: one item (`id`), the user's whole trash, or (no user) everything trashed more
 * than `olderThanDays` ago — and the side chats about what went, whose messages quote it, its
 * review history, its files (and its 批注's) and a note's 历史版本. How many.
 */
export async function purgeTrash(
  db: Queryable,
  which: { userId: string; id?: string } | { olderThanDays: number },
): Promise<number> {
  const where =
    "olderThanDays" in which
      ? { sql: "deleted_at < now() - make_interval(days => $1)", values: [which.olderThanDays] }
      : which.id
        ? { sql: "user_id = $1 AND id = $2", values: [which.userId, which.id] }
        : { sql: "user_id = $1", values: [which.userId] };
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM trash WHERE ${where.sql} RETURNING user_id, id, item),
       chats AS (DELETE FROM conversations c USING gone g WHERE c.user_id = g.user_id AND c.subject_id = g.id),
       reviews AS (DELETE FROM review_items r USING gone g WHERE r.user_id = g.user_id AND r.item_id = g.id),
       -- the item's files, and its 批注's (their item is the 批注, kept in the trash row)
       owners AS (SELECT user_id, id FROM gone
         UNION ALL SELECT g.user_id, (x ->> 'id')::uuid FROM gone g
           CROSS JOIN jsonb_array_elements(coalesce(g.item -> 'annotations', '[]')) x),
       files AS (DELETE FROM attachments a USING owners o WHERE a.user_id = o.user_id AND a.item_id = o.id),
       versions AS (DELETE FROM note_versions v USING gone g WHERE v.user_id = g.user_id AND v.note_id = g.id)
     SELECT count(*)::int AS n FROM gone`,
    where.values,
  );
  return rows[0]?.n ?? 0;
}

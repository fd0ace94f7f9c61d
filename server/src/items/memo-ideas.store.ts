import type { Queryable } from "../db/pool.ts";
import { IDEA_COLUMNS, type IdeaRow } from "./ideas.store.ts";

/**
 * Ideas as memos' API (server/src/memos/) names and counts them. A memo's uid is the uid its
 * client chose (`memo_uid`, migration 040) or else the idea's id; a chosen uid wins a tie.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const memoUidOf = (row: { id: string; memo_uid: string | null }) => row.memo_uid ?? row.id;

/** The user's idea named `memos/<uid>`, or null (locked for the transaction with `lock`). */
export async function findMemoIdea(db: Queryable, userId: string, uid: string, lock = false) {
  const byId = UUID.test(uid) ? uid.toLowerCase() : null;
  const { rows } = await db.query<IdeaRow>(
    `SELECT ${IDEA_COLUMNS} FROM ideas
     WHERE user_id = $1 AND (memo_uid = $2 OR (memo_uid IS NULL AND id = $3::uuid))
     ORDER BY memo_uid IS NULL LIMIT 1${lock ? " FOR UPDATE" : ""}`,
    [userId, uid, byId],
  );
  return rows[0] ?? null;
}

/** The memo uids of those of `itemIds` that are the user's ideas (notes are not memos). */
export async function memoUidsOf(db: Queryable, userId: string, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, string>();
  const { rows } = await db.query<{ id: string; memo_uid: string | null }>(
    "SELECT id, memo_uid FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])",
    [userId, itemIds],
  );
  return new Map(rows.map((r) => [r.id, memoUidOf(r)]));
}

/** How many of the user's ideas on 首页 carry each tag, how many there are, and the pinned ones (memos' user stats). */
export async function memoStats(db: Queryable, userId: string, maxTags: number) {
  const [tags, total, pinned] = await Promise.all([
    db.query<{ tag: string; n: number }>(
      `SELECT tag, count(*)::int AS n FROM ideas, unnest(tags) AS tag
       WHERE user_id = $1 AND archived_at IS NULL GROUP BY tag ORDER BY n DESC, tag LIMIT $2`,
      [userId, maxTags],
    ),
    db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ideas WHERE user_id = $1 AND archived_at IS NULL",
      [userId],
    ),
    db.query<{ id: string; memo_uid: string | null }>(
      `SELECT id, memo_uid FROM ideas WHERE user_id = $1 AND pinned AND archived_at IS NULL
       ORDER BY pinned_at DESC NULLS LAST, created_at DESC, id DESC LIMIT $2`,
      [userId, maxTags],
    ),
  ]);
  return { tagCount: tags.rows, total: total.rows[0]?.n ?? 0, pinnedUids: pinned.rows.map(memoUidOf) };
}

import { CAPTURED_AT_MAX_AGE_DAYS, type FeedItem, type Idea, type Note } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { ApiError, notFound } from "../errors.ts";
import { CURSOR_US, fromUs, type Keyset } from "../lib/cursor.ts";

export type IdeaRow = {
  id: string;
  original_content: string;
  title: string;
  content: string;
  tags: string[];
  ai_status: Idea["aiStatus"];
  pinned: boolean;
  ai_excluded: boolean;
  client_id: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_us: string;
};

export type NoteRow = {
  id: string;
  title: string;
  content: string;
  tags: string[];
  source_idea_ids: string[];
  pinned: boolean;
  created_at: Date;
  updated_at: Date;
  cursor_us: string;
};

/** A tidy claim older than this belongs to a process that died: the idea shows `failed`, and may be tidied again. */
export const STALE_PENDING = "interval '5 minutes'";
/** A tidy's model call is aborted after this, so that no live tidy is ever taken for a dead one. */
export const TIDY_DEADLINE_MS = 4 * 60_000;

/** A claim left by a dead process reads as failed, so that nobody waits on it for ever. */
const AI_STATUS = `(CASE WHEN ai_status = 'pending' AND ai_started_at < now() - ${STALE_PENDING} THEN 'failed' ELSE ai_status END)`;
export const IDEA_COLUMNS = `id, original_content, title, content, tags,
  ${AI_STATUS} AS ai_status,
  pinned, ai_excluded, client_id, created_at, updated_at, ${CURSOR_US} AS cursor_us`;
export const NOTE_COLUMNS = `id, title, content, tags, source_idea_ids, pinned, created_at, updated_at, ${CURSOR_US} AS cursor_us`;

export const toIdea = (r: IdeaRow): Idea => ({
  id: r.id,
  originalContent: r.original_content,
  title: r.title,
  content: r.content,
  tags: r.tags,
  aiStatus: r.ai_status,
  pinned: r.pinned,
  aiExcluded: r.ai_excluded,
  clientId: r.client_id,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export const toNote = (r: NoteRow): Note => ({
  id: r.id,
  title: r.title,
  content: r.content,
  sourceIdeaIds: r.source_idea_ids,
  tags: r.tags,
  pinned: r.pinned,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export const toFeedItem = (type: "idea" | "note", row: IdeaRow | NoteRow): FeedItem =>
  type === "idea" ? { type, ...toIdea(row as IdeaRow) } : { type, ...toNote(row as NoteRow) };

export async function counts(db: Queryable, userId: string) {
  const { rows } = await db.query<{ ideas: number; notes: number; points: number }>(
    `SELECT (SELECT count(*) FROM ideas WHERE user_id = $1)::int AS ideas,
            (SELECT count(*) FROM notes WHERE user_id = $1)::int AS notes,
            COALESCE((SELECT balance FROM points_balances WHERE user_id = $1), 0) AS points`,
    [userId],
  );
  return rows[0]!;
}

/**
 * The user's ideas or notes, newest first, after `cursor`, optionally only those with `tag`:
 * limit + 1 rows, the extra one telling that another page follows. Prepared per variant (the
 * list and the feed are the most frequent reads), except with a tag: how common a tag is decides
 * the plan, which a generic plan cannot know.
 */
export async function newestRows<R extends IdeaRow | NoteRow>(
  db: Queryable,
  table: "ideas" | "notes",
  userId: string,
  q: {
    limit: number;
    tag?: string | undefined;
    cursor: Keyset | null;
    aiStatus?: Idea["aiStatus"] | undefined;
  },
): Promise<R[]> {
  const values: unknown[] = [userId, q.limit + 1];
  let where = "user_id = $1";
  if (q.aiStatus && table === "ideas") {
    values.push(q.aiStatus);
    where += ` AND ${AI_STATUS} = $${values.length}`;
  }
  if (q.tag) {
    values.push([q.tag]);
    where += ` AND tags @> $${values.length}::text[]`;
  }
  if (q.cursor) {
    values.push(q.cursor.us, q.cursor.id);
    where += ` AND (created_at, id) < (${fromUs(`$${values.length - 1}`)}, $${values.length}::uuid)`;
  }
  const columns = table === "ideas" ? IDEA_COLUMNS : NOTE_COLUMNS;
  const { rows } = await db.query<R>({
    name: q.tag || q.aiStatus ? undefined : `newest-${table}${q.cursor ? "-after" : ""}`,
    text: `SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`,
    values,
  });
  return rows;
}

/** One of the user's ideas (locked for the transaction with `lock`), or 404 想法不存在. */
export async function findIdeaRow(
  db: Queryable,
  userId: string,
  ideaId: string,
  lock = false,
): Promise<IdeaRow> {
  const { rows } = await db.query<IdeaRow>(
    `SELECT ${IDEA_COLUMNS} FROM ideas WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [ideaId, userId],
  );
  if (!rows[0]) throw notFound("想法不存在");
  return rows[0];
}

/** One of the user's notes (locked for the transaction with `lock`), or 404 笔记不存在. */
export async function findNoteRow(
  db: Queryable,
  userId: string,
  noteId: string,
  lock = false,
): Promise<NoteRow> {
  const { rows } = await db.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM notes WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [noteId, userId],
  );
  if (!rows[0]) throw notFound("笔记不存在");
  return rows[0];
}

export type NewIdea = {
  content: string;
  tags: string[];
  pinned: boolean;
  aiExcluded: boolean;
  search: string;
  clientId: string | null;
  capturedAt: Date | null;
  /** Claim the idea for 自动整理 (ai_status pending) as it is made. */
  claimTidy: boolean;
};

const goneAgain = () => new ApiError("GONE", "这条想法已被删除，不会重新创建");

/**
 * Makes an idea, or with a clientId already used by this user makes nothing and gives back the
 * idea the first request made (`created: false`), or 410 when that idea has been deleted.
 *
 * Race-safe without locks: concurrent requests with one clientId meet at the unique index, where
 * the losers wait for the winner's commit and then read its idea. The tombstone is checked AFTER
 * the insert, in a later statement of the same transaction: a delete that committed while the
 * insert waited on its row is visible to that statement, so a replay racing the delete cannot
 * bring the idea back.
 *
 * The idea's time is `capturedAt` clamped by the database clock: never later than now, never
 * earlier than CAPTURED_AT_MAX_AGE_DAYS before it.
 */
export async function createIdea(
  db: Db,
  userId: string,
  idea: NewIdea,
): Promise<{ row: IdeaRow; created: boolean }> {
  if (idea.clientId === null) return { row: (await insertIdea(db, userId, idea))!, created: true };
  const clientId = idea.clientId;
  return tx(db, async (client) => {
    const inserted = await insertIdea(client, userId, idea);
    if (inserted) {
      const tomb = await client.query(
        "SELECT 1 FROM deleted_client_ids WHERE user_id = $1 AND client_id = $2",
        [userId, clientId],
      );
      if (tomb.rowCount) throw goneAgain(); // rolls the insert back
      return { row: inserted, created: true };
    }
    const first = await client.query<IdeaRow>(
      `SELECT ${IDEA_COLUMNS} FROM ideas WHERE user_id = $1 AND client_id = $2`,
      [userId, clientId],
    );
    // The conflicting idea was deleted after the insert saw it (and left a tombstone).
    if (!first.rows[0]) throw goneAgain();
    return { row: first.rows[0], created: false };
  });
}

/** The new idea's row, or undefined when this user already has an idea with its clientId. */
async function insertIdea(db: Queryable, userId: string, idea: NewIdea): Promise<IdeaRow | undefined> {
  const { rows } = await db.query<IdeaRow>({
    name: "idea-create",
    text: `WITH t AS (SELECT GREATEST(LEAST(
           COALESCE('epoch'::timestamptz + $9::bigint * interval '1 millisecond', now()), now()),
           now() - make_interval(days => $10)) AS at)
       INSERT INTO ideas (user_id, client_id, original_content, content, tags, pinned, ai_excluded, search,
         ai_status, ai_started_at, created_at, updated_at)
       SELECT $1, $2, $3, $3, $4, $5, $6, $7::tsvector, $8, CASE WHEN $8 = 'pending' THEN now() END, t.at, t.at
       FROM t
       ON CONFLICT (user_id, client_id) DO NOTHING
       RETURNING ${IDEA_COLUMNS}`,
    values: [
      userId,
      idea.clientId,
      idea.content,
      idea.tags,
      idea.pinned,
      idea.aiExcluded,
      idea.search,
      idea.claimTidy ? "pending" : "none",
      idea.capturedAt?.getTime() ?? null,
      CAPTURED_AT_MAX_AGE_DAYS,
    ],
  });
  return rows[0];
}

/**
 * Deletes an idea or note of the user, and the side chats about it (their messages quote it).
 * An idea made with a clientId leaves that id behind, so that a replay of it answers 410.
 */
export async function deleteItem(
  db: Queryable,
  userId: string,
  type: "idea" | "note",
  id: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    type === "idea"
      ? `WITH gone AS (DELETE FROM ideas WHERE id = $1 AND user_id = $2 RETURNING id, client_id),
           chats AS (DELETE FROM conversations WHERE user_id = $2 AND subject_id IN (SELECT id FROM gone)),
           tomb AS (INSERT INTO deleted_client_ids (user_id, client_id)
             SELECT $2, client_id FROM gone WHERE client_id IS NOT NULL ON CONFLICT DO NOTHING)
         SELECT id FROM gone`
      : `WITH gone AS (DELETE FROM notes WHERE id = $1 AND user_id = $2 RETURNING id),
           chats AS (DELETE FROM conversations WHERE user_id = $2 AND subject_id IN (SELECT id FROM gone))
         SELECT id FROM gone`,
    [id, userId],
  );
  return Boolean(rowCount);
}

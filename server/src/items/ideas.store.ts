// Over 300 lines on purpose: the ideas table's one store (the store rule): lists, reads, writes, tidy claims.
import {
  CAPTURED_AT_MAX_AGE_DAYS,
  differsOnlyByTags,
  IDEA_MAX_IMAGES,
  IDEA_MAX_RECORDINGS,
  type Idea,
  withTypedTags,
} from "@shinian/contract";
import { countKinds, setItemAttachments } from "../attachments/attachments.store.ts";
import { type Db, type DbClient, type Queryable, tx } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { ApiError, notFound } from "../errors.ts";
import { CURSOR_US, pageFrom } from "../http/cursor.ts";
import { heldCte, quotaTx, quotaValues } from "../points/usage.store.ts";
import { SEARCH_WORDS_VERSION } from "../search/reindex.store.ts";
import { ideaVector } from "../search/words.ts";
import { type NewestQuery, newestRows, oldestFirst, pinnedRows } from "../shared/keyset.ts";
import { refuseStaleEdit } from "./stale-edit.ts";

export type IdeaRow = {
  id: string;
  original_content: string;
  title: string;
  content: string;
  tags: string[];
  ai_status: Idea["aiStatus"];
  pinned: boolean;
  ai_excluded: boolean;
  tidied: boolean;
  client_id: string | null;
  archived_at: Date | null;
  memo_uid: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_us: string;
};

/** A tidy claim older than this belongs to a process that died: the idea shows `failed`, and may be tidied again. */
export const STALE_PENDING = "interval '5 minutes'";

/** A claim left by a dead process reads as failed, so that nobody waits on it for ever. */
const AI_STATUS = `(CASE WHEN ai_status = 'pending' AND ai_started_at < now() - ${STALE_PENDING} THEN 'failed' ELSE ai_status END)`;
export const IDEA_COLUMNS = `id, original_content, title, content, tags,
  ${AI_STATUS} AS ai_status,
  pinned, ai_excluded, ai_version_id IS NOT NULL AS tidied, client_id, archived_at, memo_uid, created_at, updated_at, ${CURSOR_US} AS cursor_us`;

export const toIdea = (r: IdeaRow): Idea => ({
  id: r.id,
  originalContent: r.original_content,
  title: r.title,
  content: r.content,
  tags: r.tags,
  aiStatus: r.ai_status,
  pinned: r.pinned,
  aiExcluded: r.ai_excluded,
  tidied: r.tidied,
  clientId: r.client_id,
  ...(r.archived_at ? { archivedAt: r.archived_at.toISOString() } : {}),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export type IdeaQuery = NewestQuery & { aiStatus?: Idea["aiStatus"] | undefined };

/** limit + 1 rows, newest first (see newestRows): the feed merges them with the notes. */
export const newestIdeaRows = (db: Queryable, userId: string, q: IdeaQuery) =>
  newestRows<IdeaRow>(db, "ideas", IDEA_COLUMNS, userId, {
    ...q,
    filter: q.aiStatus ? { sql: AI_STATUS, value: q.aiStatus } : undefined,
  });

/** The user's pinned ideas, most recently pinned first, at most `max` (see pinnedRows). */
export const pinnedIdeaRows = (
  db: Queryable,
  userId: string,
  q: { max: number; tag?: string | undefined; archived?: boolean | undefined },
) => pinnedRows<IdeaRow & { pinned_us: string | null }>(db, "ideas", IDEA_COLUMNS, userId, q);

export async function listIdeas(db: Queryable, userId: string, q: IdeaQuery) {
  return pageFrom(await newestIdeaRows(db, userId, q), q.limit, toIdea);
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

export const getIdea = async (db: Queryable, userId: string, ideaId: string) =>
  toIdea(await findIdeaRow(db, userId, ideaId));

/** The user's ideas with these ids, in the order given (ids compared by PostgreSQL, so letter case does not matter). */
export async function ideasInOrder(db: Queryable, userId: string, ideaIds: string[]): Promise<IdeaRow[]> {
  const { rows } = await db.query<IdeaRow>(
    `SELECT ${IDEA_COLUMNS} FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])
     ORDER BY array_position($2::uuid[], id)`,
    [userId, ideaIds],
  );
  return rows;
}

/** Whether every one of `ideaIds` is an idea of the user (true for none). */
export async function ownsIdeas(db: Queryable, userId: string, ideaIds: string[]): Promise<boolean> {
  if (!ideaIds.length) return true;
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])",
    [userId, ideaIds],
  );
  return rows[0]!.n === new Set(ideaIds).size;
}

export type NewIdea = {
  content: string;
  tags: string[];
  pinned: boolean;
  aiExcluded: boolean;
  clientId: string | null;
  capturedAt: Date | null;
  /** The uid memos' API was asked to name it by (migration 040); a taken one is a unique violation. */
  memoUid?: string | null | undefined;
  /** 自动整理 in this many ms (ai_status pending, due then); null: none. */
  tidyAfterMs: number | null;
  /** Uploaded files for the new idea, in order (a repeat attaches nothing). */
  attachmentIds?: string[] | undefined;
};

const noSuchFiles = () => notFound("图片不存在或已附在别的想法或笔记上");

/**
 * Makes `ids` a capture's files (an idea's, or a 批注's), held to 9 pictures and 1 recording (the
 * caller's transaction rolls back a refusal).
 */
export async function attachToCapture(
  client: DbClient,
  userId: string,
  itemId: string,
  ids: string[],
  what: "每条想法" | "每条批注" = "每条想法",
) {
  if (!(await setItemAttachments(client, userId, itemId, ids))) throw noSuchFiles();
  const { image, audio } = await countKinds(client, userId, itemId);
  if (image > IDEA_MAX_IMAGES || audio > IDEA_MAX_RECORDINGS)
    throw new ApiError(
      "VALIDATION_ERROR",
      `${what}最多 ${IDEA_MAX_IMAGES} 张图片和 ${IDEA_MAX_RECORDINGS} 段录音`,
    );
}

const goneAgain = () => new ApiError("GONE", "这条想法已被删除，不会重新创建");

/**
 * Makes an idea, or with a clientId already used by this user makes nothing and gives back the
 * idea the first request made (`created: false`), or 410 when that idea has been deleted. Race-safe
 * without locks: repeats meet at the unique index, and the tombstone is checked AFTER the insert, so
 * a replay racing a delete cannot bring the idea back (server/docs/internals.md, "Capturing"). The
 * idea's time is `capturedAt` clamped by the database clock to [now − CAPTURED_AT_MAX_AGE_DAYS, now].
 * Held to the quota (a repeat adds nothing).
 */
export async function createIdea(
  db: Db,
  quota: Quota,
  userId: string,
  idea: NewIdea,
): Promise<{ row: IdeaRow; created: boolean }> {
  const files = idea.attachmentIds ?? [];
  if (idea.clientId === null && files.length === 0)
    return { row: (await insertIdea(db, quota, userId, idea))!, created: true };
  const clientId = idea.clientId;
  return tx(db, async (client) => {
    const inserted = await insertIdea(client, quota, userId, idea);
    if (inserted) {
      const tomb = await client.query(
        "SELECT 1 FROM deleted_client_ids WHERE user_id = $1 AND client_id = $2",
        [userId, clientId],
      );
      if (tomb.rowCount) throw goneAgain(); // rolls the insert back
      await attachToCapture(client, userId, inserted.id, files);
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
async function insertIdea(
  db: Queryable,
  quota: Quota,
  userId: string,
  idea: NewIdea,
): Promise<IdeaRow | undefined> {
  const { rows } = await db.query<IdeaRow>({
    name: "idea-create",
    text: `WITH t AS (SELECT GREATEST(LEAST(
           COALESCE('epoch'::timestamptz + $9::bigint * interval '1 millisecond', now()), now()),
           now() - make_interval(days => $10)) AS at),
       ${heldCte(12)}
       INSERT INTO ideas (user_id, client_id, original_content, content, tags, pinned, ai_excluded, search,
         search_version, ai_status, ai_tidy_due_at, created_at, updated_at, memo_uid)
       SELECT $1, $2, $3, $3, $4, $5, $6, $7::tsvector, ${SEARCH_WORDS_VERSION}, CASE WHEN $8::int IS NULL THEN 'none' ELSE 'pending' END,
         now() + $8::int * interval '1 millisecond', t.at, t.at, $11
       FROM t, held
       ON CONFLICT (user_id, client_id) DO NOTHING
       RETURNING ${IDEA_COLUMNS}`,
    values: [
      userId,
      idea.clientId,
      idea.content,
      idea.tags,
      idea.pinned,
      idea.aiExcluded,
      await ideaVector({ title: "", content: idea.content, originalContent: idea.content, tags: idea.tags }),
      idea.tidyAfterMs,
      idea.capturedAt?.getTime() ?? null,
      CAPTURED_AT_MAX_AGE_DAYS,
      idea.memoUid ?? null,
      ...quotaValues(quota),
    ],
  });
  return rows[0];
}

export type IdeaPatch = {
  title?: string | undefined;
  content?: string | undefined;
  tags?: string[] | undefined;
  pinned?: boolean | undefined;
  aiExcluded?: boolean | undefined;
  /** The idea's whole set of files, in order: one left out is deleted. */
  attachmentIds?: string[] | undefined;
  /** The `updatedAt` the client last saw (items/stale-edit.ts). */
  baseUpdatedAt?: string | undefined;
};

/**
 * Applies the user's edit to one of their ideas (404 想法不存在), its search words with it. Marked
 * 不让AI读取, or its words edited, while 自动整理 still waits for it: that tidy is called off, so
 * nothing is sent and the person's own words are never replaced by a tidy of the original.
 * Held to the quota: an edit that makes the words longer counts.
 */
export async function updateIdea(
  db: Db,
  quota: Quota,
  userId: string,
  ideaId: string,
  patch: IdeaPatch,
): Promise<Idea> {
  return quotaTx(db, quota, async (client) => {
    const cur = await findIdeaRow(client, userId, ideaId, true);
    refuseStaleEdit(cur.updated_at, patch.baseUpdatedAt, "这条想法已在别处修改过", () => toIdea(cur));
    const next = {
      title: patch.title ?? cur.title,
      content: patch.content ?? cur.content,
      // `#标签` typed in edited words become tags, as at capture
      tags:
        patch.content === undefined
          ? (patch.tags ?? cur.tags)
          : withTypedTags(patch.tags ?? cur.tags, patch.content),
      pinned: patch.pinned ?? cur.pinned,
      aiExcluded: patch.aiExcluded ?? cur.ai_excluded,
    };
    // the person's own words now: no AI version is "current" any more (tags alone keep it: 已整理
    // stays true, also when only their `#tag`s went from the words or came back: 去标签 and its 撤销)
    const wordsChanged =
      next.title !== cur.title ||
      (next.content !== cur.content && !differsOnlyByTags(cur.content, next.content, cur.tags, next.tags));
    const tagsChanged = next.tags.join("\n") !== cur.tags.join("\n");
    // 置顶 and 不让AI读取 are not edits: updated_at stays, so an open editor's save is not refused
    // as stale and nothing counts as changed
    const edited = wordsChanged || tagsChanged || patch.attachmentIds !== undefined;
    const updated = await client.query<IdeaRow>(
      `UPDATE ideas SET title = $3, content = $4, tags = $5, pinned = $6, ai_excluded = $7, search = $8::tsvector,
         ai_version_id = CASE WHEN $9 THEN NULL ELSE ai_version_id END,
         updated_at = CASE WHEN $11 THEN now() ELSE updated_at END,
         ai_status = CASE WHEN ($7 OR $10) AND ai_tidy_due_at IS NOT NULL THEN 'none' ELSE ai_status END,
         ai_tidy_due_at = CASE WHEN $7 OR $10 THEN NULL ELSE ai_tidy_due_at END
       WHERE id = $1 AND user_id = $2 RETURNING ${IDEA_COLUMNS}`,
      [
        ideaId,
        userId,
        next.title,
        next.content,
        next.tags,
        next.pinned,
        next.aiExcluded,
        await ideaVector({ ...next, originalContent: cur.original_content }),
        wordsChanged,
        // a change of words or tags calls off a 自动整理 still waiting: it would replace them
        wordsChanged || tagsChanged,
        edited,
      ],
    );
    if (patch.attachmentIds) await attachToCapture(client, userId, ideaId, patch.attachmentIds);
    return toIdea(updated.rows[0]!);
  });
}

export type ExportedIdeaRow = IdeaRow & { ai_version_id: string | null };

/** Every idea of the user, oldest first, `size` at a time, with its applied AI version (the export). */
export const ideaBatches = (db: Queryable, userId: string, size: number) =>
  oldestFirst<ExportedIdeaRow>(db, "ideas", `${IDEA_COLUMNS}, ai_version_id`, userId, size);

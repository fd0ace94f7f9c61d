/**
 * The AI tidy of an idea: its state on the idea (ai_status, ai_started_at, ai_spend_id: the claim
 * and the spend to refund should its process die) and its results (idea_versions).
 */
import { type Idea, type IdeaVersion, type IdeaVersions, MAX_TAGS, withTypedTags } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { CURSOR_US } from "../http/cursor.ts";
import { findIdeaRow, IDEA_COLUMNS, type IdeaRow, STALE_PENDING, toIdea } from "../items/ideas.store.ts";
import { refuseStaleEdit } from "../items/stale-edit.ts";
import { renamesSinceOriginal, renamesSinceVersion, textRenamed } from "../items/tag-renames.store.ts";
import { ideaVector } from "../search/words.ts";
import { oldestFirst } from "../shared/keyset.ts";

export type VersionRow = {
  id: string;
  idea_id: string;
  model: string;
  title: string;
  content: string;
  tags: string[];
  points: number;
  created_at: Date;
};
const VERSION_COLUMNS = "id, idea_id, model, title, content, tags, points, created_at";

export const toVersion = (r: VersionRow): IdeaVersion => ({
  id: r.id,
  ideaId: r.idea_id,
  model: r.model,
  title: r.title,
  content: r.content,
  tags: r.tags,
  points: r.points,
  createdAt: r.created_at.toISOString(),
});

export type TidyClaim = {
  previous: Idea["aiStatus"];
  stale_spend: string | null;
  original_content: string;
  updated_at: Date;
};

/**
 * Marks the idea pending for one tidy: never an idea marked 不让AI读取, never one another tidy is
 * working on (unless that claim is stale: its process died). Undefined when it cannot be claimed;
 * else the status to restore should the tidy not go ahead, and the spend of a stale claim taken over.
 * A 自动整理 still waiting for its grace period is taken over (and called off).
 */
export async function claimTidy(
  db: Queryable,
  userId: string,
  ideaId: string,
): Promise<TidyClaim | undefined> {
  const { rows } = await db.query<TidyClaim>(
    `UPDATE ideas i SET ai_status = 'pending', ai_started_at = now(), ai_spend_id = NULL, ai_tidy_due_at = NULL
     FROM (SELECT id, CASE WHEN ai_tidy_due_at IS NULL THEN ai_status ELSE 'none' END AS previous, ai_spend_id
           FROM ideas WHERE id = $1 AND user_id = $2 FOR UPDATE) old
     WHERE i.id = old.id AND NOT i.ai_excluded
       AND (i.ai_status <> 'pending' OR i.ai_started_at IS NULL OR i.ai_started_at < now() - ${STALE_PENDING})
     RETURNING old.previous, CASE WHEN old.previous = 'pending' THEN old.ai_spend_id END AS stale_spend,
       i.original_content, i.updated_at`,
    [ideaId, userId],
  );
  return rows[0];
}

export type DueTidy = TidyClaim & { id: string; user_id: string };

/**
 * Claims up to `limit` ideas whose 自动整理 grace period is over, of any user. Each is claimed by
 * exactly one process (SKIP LOCKED, and a claimed idea is no longer due); an idea marked
 * 不让AI读取 or deleted meanwhile is not there to claim.
 */
export async function claimDueTidies(db: Queryable, limit: number): Promise<DueTidy[]> {
  const { rows } = await db.query<DueTidy>(
    `UPDATE ideas i SET ai_started_at = now(), ai_tidy_due_at = NULL, ai_spend_id = NULL
     FROM (SELECT id FROM ideas WHERE ai_tidy_due_at <= now() AND NOT ai_excluded
           ORDER BY ai_tidy_due_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
     WHERE i.id = due.id
     RETURNING i.id, i.user_id, 'none' AS previous, NULL AS stale_spend, i.original_content, i.updated_at`,
    [limit],
  );
  return rows;
}

/** Without a model (AI_BASE_URL unset since the capture), due ideas are kept as typed. */
export async function dropDueTidies(db: Queryable): Promise<void> {
  await db.query("UPDATE ideas SET ai_status = 'none', ai_tidy_due_at = NULL WHERE ai_tidy_due_at <= now()");
}

/** Milliseconds, by the database's clock, until the next 自动整理 is due; null when none waits. */
export async function nextTidyDueMs(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ ms: number | null }>(
    `SELECT GREATEST(0, CEIL(EXTRACT(EPOCH FROM min(ai_tidy_due_at) - now()) * 1000))::int AS ms
     FROM ideas WHERE ai_tidy_due_at IS NOT NULL`,
  );
  return rows[0]?.ms ?? null;
}

/** The spend a tidy in progress made: refunded by whoever settles the tidy should its process die. */
export async function recordTidySpend(db: Queryable, ideaId: string, ledgerId: string): Promise<void> {
  await db.query("UPDATE ideas SET ai_spend_id = $2 WHERE id = $1", [ideaId, ledgerId]);
}

/** Ends (or restores) a tidy's state: its spend is settled, so the idea forgets it. */
export async function setTidyStatus(db: Queryable, ideaId: string, status: Idea["aiStatus"]): Promise<void> {
  await db.query("UPDATE ideas SET ai_status = $2, ai_spend_id = NULL WHERE id = $1", [ideaId, status]);
}

// a 自动整理 still in its grace period is waiting, not stale
const STALE = `ai_status = 'pending' AND ai_tidy_due_at IS NULL
  AND (ai_started_at IS NULL OR ai_started_at < now() - ${STALE_PENDING})`;

/** Up to 500 claims older than STALE_PENDING, of any user, with the spend each still holds. */
export async function staleTidies(db: Queryable) {
  const { rows } = await db.query<{ id: string; user_id: string; spend_id: string | null }>(
    `SELECT id, user_id, ai_spend_id AS spend_id FROM ideas WHERE ${STALE} LIMIT 500`,
  );
  return rows;
}

/** A stale claim becomes `failed`, unless it was taken over meanwhile (a new claim, another spend). */
export async function failStaleTidy(db: Queryable, ideaId: string, spendId: string | null): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE ideas SET ai_status = 'failed', ai_spend_id = NULL
     WHERE id = $1 AND ${STALE} AND ai_spend_id IS NOT DISTINCT FROM $2`,
    [ideaId, spendId],
  );
  return rowCount ?? 0;
}

export async function insertVersion(
  db: Queryable,
  userId: string,
  ideaId: string,
  v: { model: string; title: string; content: string; tags: string[]; points: number },
): Promise<VersionRow> {
  const { rows } = await db.query<VersionRow>(
    `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${VERSION_COLUMNS}`,
    [userId, ideaId, v.model, v.title, v.content, v.tags, v.points],
  );
  return rows[0]!;
}

/**
 * Puts a version's title, text and tags on the idea (the original words never change). Its text
 * takes the tag renames made since it was written (its tags were renamed with them).
 */
export async function applyVersion(
  db: Queryable,
  userId: string,
  idea: IdeaRow,
  version: VersionRow,
): Promise<Idea> {
  const renames = await renamesSinceVersion(db, userId, version.id);
  const v = { ...version, content: textRenamed(version.content, renames) };
  const { rows } = await db.query<IdeaRow>(
    `UPDATE ideas SET title = $3, content = $4, tags = $5, ai_version_id = $6, ai_status = 'done', ai_spend_id = NULL,
       search = $7::tsvector, updated_at = now()
     WHERE id = $1 AND user_id = $2 RETURNING ${IDEA_COLUMNS}`,
    [
      idea.id,
      userId,
      v.title,
      v.content,
      v.tags,
      v.id,
      await ideaVector({
        title: v.title,
        content: v.content,
        tags: v.tags,
        originalContent: idea.original_content,
      }),
    ],
  );
  return toIdea(rows[0]!);
}

/** The user's choice of an earlier version: 404 when the idea or the version is not theirs. */
export async function applyVersionById(db: Db, userId: string, ideaId: string, versionId: string) {
  return tx(db, async (client) => {
    const idea = await findIdeaRow(client, userId, ideaId, true);
    const { rows } = await client.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM idea_versions WHERE id = $1 AND idea_id = $2 AND user_id = $3`,
      [versionId, ideaId, userId],
    );
    if (!rows[0]) throw notFound("整理版本不存在");
    return applyVersion(client, userId, idea, rows[0]);
  });
}

/**
 * 恢复原文: the original words become the idea's current text again (with the tag renames made since),
 * with the tags typed in them and no title; the AI versions stay, to be chosen again. Tags the person
 * added since (none of the AI's versions gave them) stay too. A 自动整理 still in its grace period is
 * called off. 404 when the idea is not theirs; 409 with the current idea on a stale `baseUpdatedAt`
 * (items/stale-edit.ts), as for any edit.
 */
export async function restoreOriginal(
  db: Db,
  userId: string,
  ideaId: string,
  baseUpdatedAt?: string | undefined,
): Promise<Idea> {
  return tx(db, async (client) => {
    const idea = await findIdeaRow(client, userId, ideaId, true);
    refuseStaleEdit(idea.updated_at, baseUpdatedAt, "这条想法已在别处修改过", () => toIdea(idea));
    const ai = await client.query<{ tag: string }>(
      "SELECT DISTINCT unnest(tags) AS tag FROM idea_versions WHERE idea_id = $1 AND user_id = $2",
      [ideaId, userId],
    );
    const aiTags = new Set(ai.rows.map((r) => r.tag));
    // the original words with the tag renames made since they were written: no old name comes back
    const content = textRenamed(idea.original_content, await renamesSinceOriginal(client, userId, ideaId));
    const typed = withTypedTags([], content);
    const own = idea.tags.filter((t) => !aiTags.has(t) && !typed.includes(t));
    const tags = [...typed, ...own].slice(0, MAX_TAGS);
    const { rows } = await client.query<IdeaRow>(
      `UPDATE ideas SET title = '', content = $5, tags = $3, ai_version_id = NULL,
         search = $4::tsvector, updated_at = now(),
         ai_status = CASE WHEN ai_tidy_due_at IS NOT NULL THEN 'none' ELSE ai_status END, ai_tidy_due_at = NULL
       WHERE id = $1 AND user_id = $2 RETURNING ${IDEA_COLUMNS}`,
      [
        ideaId,
        userId,
        tags,
        await ideaVector({ title: "", content, tags, originalContent: idea.original_content }),
        content,
      ],
    );
    return toIdea(rows[0]!);
  });
}

export async function listVersions(db: Queryable, userId: string, ideaId: string): Promise<IdeaVersions> {
  const idea = await db.query<{ ai_version_id: string | null }>(
    "SELECT ai_version_id FROM ideas WHERE id = $1 AND user_id = $2",
    [ideaId, userId],
  );
  if (!idea.rows[0]) throw notFound("想法不存在");
  const { rows } = await db.query<VersionRow>(
    `SELECT ${VERSION_COLUMNS} FROM idea_versions WHERE idea_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC`,
    [ideaId, userId],
  );
  return { versions: rows.map(toVersion), currentVersionId: idea.rows[0].ai_version_id };
}

/** Every AI tidying of the user's ideas (model, time, points), oldest first, `size` at a time (the export). */
export const versionBatches = (db: Queryable, userId: string, size: number) =>
  oldestFirst<VersionRow & { cursor_us: string }>(
    db,
    "idea_versions",
    `${VERSION_COLUMNS}, ${CURSOR_US} AS cursor_us`,
    userId,
    size,
  );

import { renamedTag, renameTagInText } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

/**
 * Each account's tag renames (migration 036). A rename rewrites the current texts only: an idea's
 * original words (原始想法) and its AI versions' words keep the names they were written with. When
 * text made from those becomes current again (恢复原文, a new AI 整理, 采用此版本), it takes the
 * renames made since it was written, in their order, so that no old name comes back.
 */
export type TagRename = { from: string; to: string };

/** Logged inside the rename's transaction: its time is the rename's. */
export async function logTagRename(db: Queryable, userId: string, from: string, to: string): Promise<void> {
  await db.query("INSERT INTO tag_renames (user_id, from_tag, to_tag) VALUES ($1, $2, $3)", [
    userId,
    from,
    to,
  ]);
}

const since = (when: string) =>
  `SELECT from_tag AS "from", to_tag AS "to" FROM tag_renames
   WHERE user_id = $1 AND renamed_at > coalesce((${when}), '-infinity') ORDER BY renamed_at, id`;

/** The renames made since the idea's original words were written (every one for an idea older than the log). */
export async function renamesSinceOriginal(
  db: Queryable,
  userId: string,
  ideaId: string,
): Promise<TagRename[]> {
  const { rows } = await db.query<TagRename>(
    since("SELECT original_at FROM ideas WHERE id = $2 AND user_id = $1"),
    [userId, ideaId],
  );
  return rows;
}

/** The renames made since an AI version was written. */
export async function renamesSinceVersion(
  db: Queryable,
  userId: string,
  versionId: string,
): Promise<TagRename[]> {
  const { rows } = await db.query<TagRename>(
    since("SELECT created_at FROM idea_versions WHERE id = $2 AND user_id = $1"),
    [userId, versionId],
  );
  return rows;
}

/** The text with each rename's `#from…` rewritten, in order, at tag boundaries (as the rename does). */
export const textRenamed = (text: string, renames: TagRename[]) =>
  renames.reduce((out, r) => renameTagInText(out, r.from, r.to), text);

/** The tags with each rename made, in order, each once in its first place. */
export const tagsRenamed = (tags: string[], renames: TagRename[]) => [
  ...new Set(renames.reduce((out, r) => out.map((t) => renamedTag(t, r.from, r.to)), tags)),
];

/** The renames made since a note's 历史版本 was saved (its text and tags were current then). */
export async function renamesSinceNoteVersion(
  db: Queryable,
  userId: string,
  versionId: string,
): Promise<TagRename[]> {
  const { rows } = await db.query<TagRename>(
    since("SELECT saved_at FROM note_versions WHERE id = $2 AND user_id = $1"),
    [userId, versionId],
  );
  return rows;
}

/** The renames made since `when`, each with its time, for versions saved at different times. */
export async function renamesSinceTime(
  db: Queryable,
  userId: string,
  when: Date,
): Promise<(TagRename & { at: Date })[]> {
  const { rows } = await db.query<TagRename & { at: Date }>(
    `SELECT from_tag AS "from", to_tag AS "to", renamed_at AS at FROM tag_renames
     WHERE user_id = $1 AND renamed_at > $2 ORDER BY renamed_at, id`,
    [userId, when],
  );
  return rows;
}

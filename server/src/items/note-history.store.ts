import {
  NOTE_HISTORY_KEEP,
  NOTE_HISTORY_KEEP_DAYS,
  NOTE_HISTORY_MAX,
  NOTE_HISTORY_MAX_BYTES,
  type NoteHistory,
  type NoteVersion,
  type NoteVersionHeader,
  UNTITLED_NOTE,
} from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { fromUs, type Keyset, pageFrom, usOf } from "../http/cursor.ts";
import { renamesSinceNoteVersion, renamesSinceTime, tagsRenamed, textRenamed } from "./tag-renames.store.ts";

/** 历史版本 (migration 044): a note's versions before each save that changed it. */

type HeaderRow = {
  id: string;
  title: string;
  tags: string[];
  length: number;
  saved_at: Date;
  cursor_us: string;
};

/** What a save sets of the words (undefined: kept as stored). */
export type WordsEdit = {
  title?: string | undefined;
  content?: string | undefined;
  tags?: string[] | undefined;
};

/**
 * Keeps the note as stored as a version when `edit` changes its title, text or tags, then prunes
 * its history; in the save's transaction, with the note locked. The comparison is made by the
 * database, so the stored text (up to 200,000 characters) is never read out. A note still as
 * 新建笔记 made it (untitled, empty) has nothing worth going back to.
 */
export async function keepVersionBefore(db: Queryable, userId: string, noteId: string, edit: WordsEdit) {
  if (edit.title === undefined && edit.content === undefined && edit.tags === undefined) return;
  const { rowCount } = await db.query(
    `INSERT INTO note_versions (user_id, note_id, title, content, tags, saved_at)
     SELECT user_id, id, title, content, tags, updated_at FROM notes
     WHERE id = $1 AND user_id = $2
       AND NOT (content = '' AND tags = '{}' AND title IN ('', $6))
       AND (title IS DISTINCT FROM coalesce($3, title) OR content IS DISTINCT FROM coalesce($4, content)
         OR tags IS DISTINCT FROM coalesce($5::text[], tags))`,
    [noteId, userId, edit.title ?? null, edit.content ?? null, edit.tags ?? null, UNTITLED_NOTE],
  );
  if (rowCount) await pruneHistory(db, userId, [noteId]);
}

/**
 * The newest NOTE_HISTORY_KEEP versions stay, and every one of the last NOTE_HISTORY_KEEP_DAYS
 * days, up to NOTE_HISTORY_MAX, and only while the newest ones together hold at most
 * NOTE_HISTORY_MAX_BYTES. Each save prunes, so a note never has more than NOTE_HISTORY_MAX + 1
 * versions to number here: the work is bounded, and the texts are measured, never read out. An
 * import prunes the notes it gave versions to, after each batch (at most a batch more each).
 */
export async function pruneHistory(db: Queryable, userId: string, noteIds: string[]) {
  await db.query(
    `DELETE FROM note_versions v USING (
       SELECT id, saved_at, row_number() OVER newest AS n,
         sum(octet_length(title) + octet_length(content)) OVER newest AS bytes
       FROM note_versions WHERE note_id = ANY ($1::uuid[]) AND user_id = $2
       WINDOW newest AS (PARTITION BY note_id ORDER BY saved_at DESC, id DESC)) r
     WHERE v.id = r.id
       AND (r.n > ${NOTE_HISTORY_MAX} OR r.bytes > ${NOTE_HISTORY_MAX_BYTES}
         OR (r.n > ${NOTE_HISTORY_KEEP} AND r.saved_at < now() - make_interval(days => ${NOTE_HISTORY_KEEP_DAYS})))`,
    [noteIds, userId],
  );
}

const HEADER_COLUMNS = `id, title, tags, char_length(content) AS length, saved_at, ${usOf("saved_at")} AS cursor_us`;

const toHeader = (r: HeaderRow): NoteVersionHeader => ({
  versionId: r.id,
  savedAt: r.saved_at.toISOString(),
  title: r.title,
  tags: r.tags,
  length: r.length,
});

async function assertNoteExists(db: Queryable, userId: string, noteId: string) {
  const note = await db.query("SELECT 1 FROM notes WHERE id = $1 AND user_id = $2", [noteId, userId]);
  if (!note.rowCount) throw notFound("笔记不存在");
}

/**
 * One page of the note's history, newest first, without the texts; 404 笔记不存在 when the note is
 * not the user's or is in 回收站 (its versions wait there unlisted). Tags carry the renames since.
 */
export async function listHistory(
  db: Queryable,
  userId: string,
  noteId: string,
  q: { limit: number; cursor: Keyset | null },
): Promise<NoteHistory> {
  await assertNoteExists(db, userId, noteId);
  const after = q.cursor ? `AND (saved_at, id) < (${fromUs("$4")}, $5::uuid)` : "";
  const { rows } = await db.query<HeaderRow>(
    `SELECT ${HEADER_COLUMNS} FROM note_versions WHERE note_id = $1 AND user_id = $2 ${after}
     ORDER BY saved_at DESC, id DESC LIMIT $3`,
    [noteId, userId, q.limit + 1, ...(q.cursor ? [q.cursor.us, q.cursor.id] : [])],
  );
  const oldest = rows.at(-1)?.saved_at;
  const renames = oldest ? await renamesSinceTime(db, userId, oldest) : [];
  const renamed = rows.map((r) => ({
    ...r,
    tags: tagsRenamed(
      r.tags,
      renames.filter((x) => x.at > r.saved_at),
    ),
  }));
  return pageFrom(renamed, q.limit, toHeader);
}

/**
 * One version of one of the user's notes with its text, the tag renames made since it was saved
 * applied to text and tags (so no old name comes back); 404 when there is none or the note is in 回收站.
 */
export async function findVersion(db: Queryable, userId: string, noteId: string, versionId: string) {
  await assertNoteExists(db, userId, noteId);
  const { rows } = await db.query<HeaderRow & { content: string }>(
    `SELECT ${HEADER_COLUMNS}, content FROM note_versions WHERE id = $1 AND note_id = $2 AND user_id = $3`,
    [versionId, noteId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound("该历史版本不存在");
  const renames = await renamesSinceNoteVersion(db, userId, versionId);
  const content = textRenamed(row.content, renames);
  return {
    ...toHeader(row),
    tags: tagsRenamed(row.tags, renames),
    content,
  } satisfies NoteVersion;
}

type ExportedVersionRow = {
  id: string;
  note_id: string;
  title: string;
  content: string;
  tags: string[];
  saved_at: Date;
  cursor_us: string;
};

/**
 * Every version of the notes an export holds (those in 回收站 with `withTrash`), oldest first, in
 * batches, each with the tag renames made since it was saved applied as the history shows it.
 */
export async function* noteVersionBatches(db: Queryable, userId: string, size: number, withTrash: boolean) {
  let after: Keyset | null = null;
  for (;;) {
    const cursor: unknown[] = after ? [after.us, after.id] : [];
    const { rows } = await db.query<ExportedVersionRow>(
      `SELECT v.id, v.note_id, v.title, v.content, v.tags, v.saved_at, ${usOf("v.saved_at")} AS cursor_us
       FROM note_versions v
       WHERE v.user_id = $1 ${cursor.length ? `AND (v.saved_at, v.id) > (${fromUs("$4")}, $5::uuid)` : ""}
         AND (EXISTS (SELECT 1 FROM notes n WHERE n.id = v.note_id AND n.user_id = $1)
           OR ($3 AND EXISTS (SELECT 1 FROM trash t WHERE t.id = v.note_id AND t.user_id = $1 AND t.type = 'note')))
       ORDER BY v.saved_at, v.id LIMIT $2`,
      [userId, size, withTrash, ...cursor],
    );
    if (!rows.length) return;
    const renames = await renamesSinceTime(db, userId, rows[0]!.saved_at);
    yield rows.map((r) => {
      const since = renames.filter((x) => x.at > r.saved_at);
      return {
        noteId: r.note_id,
        versionId: r.id,
        savedAt: r.saved_at.toISOString(),
        title: r.title,
        tags: tagsRenamed(r.tags, since),
        content: textRenamed(r.content, since),
      };
    });
    if (rows.length < size) return;
    const last = rows.at(-1)!;
    after = { us: last.cursor_us, id: last.id };
  }
}

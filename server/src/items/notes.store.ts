// Over 300 lines on purpose: the notes table's one store (the store rule): lists, reads, writes and their locks.
import {
  attachmentRefs,
  NOTE_MAX_ATTACHMENTS,
  type Note,
  type NoteSummary,
  type SavedNote,
  withTypedTags,
} from "@shinian/contract";
import type pg from "pg";
import { attachableIds, setItemAttachments } from "../attachments/attachments.store.ts";
import type { Db, Queryable } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { ApiError, notFound } from "../errors.ts";
import { CURSOR_US, pageFrom } from "../http/cursor.ts";
import { quotaTx } from "../points/usage.store.ts";
import { SEARCH_WORDS_VERSION } from "../search/reindex.store.ts";
import { noteVectorOffLoop } from "../search/words-pool.ts";
import { type NewestQuery, newestRows, oldestFirst, pinnedRows } from "../shared/keyset.ts";
import { keepVersionBefore } from "./note-history.store.ts";
import { isStaleEdit, staleEdit } from "./stale-edit.ts";

export type NoteRow = {
  id: string;
  title: string;
  content: string;
  tags: string[];
  source_idea_ids: string[];
  pinned: boolean;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  cursor_us: string;
};

const NOTE_COLUMNS = `id, title, content, tags, source_idea_ids, pinned, archived_at, created_at, updated_at, ${CURSOR_US} AS cursor_us`;

/** What a list carries of a note: never its whole text, which may be 200,000 characters. */
const PREVIEW_CHARS = 500;
export type NoteSummaryRow = Omit<NoteRow, "content"> & { preview: string; content_length: number };
export const NOTE_SUMMARY_COLUMNS = `id, title, left(content, ${PREVIEW_CHARS}) AS preview, char_length(content) AS content_length,
  tags, source_idea_ids, pinned, archived_at, created_at, updated_at, ${CURSOR_US} AS cursor_us`;

export const toNote = (r: NoteRow): Note => ({ ...toSavedNote(r), content: r.content });

/** Present only on an archived item (归档), so that answers of items never archived are as before. */
const archivedAt = (r: { archived_at: Date | null }) =>
  r.archived_at ? { archivedAt: r.archived_at.toISOString() } : {};

/** A note without its text, as a save answers (the text may be 200,000 characters). */
const toSavedNote = (r: Omit<NoteRow, "content" | "cursor_us">): SavedNote => ({
  id: r.id,
  title: r.title,
  sourceIdeaIds: r.source_idea_ids,
  tags: r.tags,
  pinned: r.pinned,
  ...archivedAt(r),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export const toNoteSummary = (r: NoteSummaryRow): NoteSummary => ({
  id: r.id,
  title: r.title,
  preview: r.preview,
  contentLength: r.content_length,
  sourceIdeaIds: r.source_idea_ids,
  tags: r.tags,
  pinned: r.pinned,
  ...archivedAt(r),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** limit + 1 summaries, newest first (see newestRows): the feed merges them with the ideas. */
export const newestNoteRows = (db: Queryable, userId: string, q: NewestQuery) =>
  newestRows<NoteSummaryRow>(db, "notes", NOTE_SUMMARY_COLUMNS, userId, q);

/** The user's pinned notes, most recently pinned first, at most `max` (see pinnedRows). */
export const pinnedNoteRows = (
  db: Queryable,
  userId: string,
  q: { max: number; tag?: string | undefined; archived?: boolean | undefined },
) => pinnedRows<NoteSummaryRow & { pinned_us: string | null }>(db, "notes", NOTE_SUMMARY_COLUMNS, userId, q);

export async function listNotes(db: Queryable, userId: string, q: NewestQuery) {
  return pageFrom(await newestNoteRows(db, userId, q), q.limit, toNoteSummary);
}

/** One of the user's notes as `columns` (locked for the transaction with `lock`), or 404 笔记不存在. */
async function findNote<T extends pg.QueryResultRow>(
  db: Queryable,
  userId: string,
  noteId: string,
  columns: string,
  lock: boolean,
): Promise<T> {
  const { rows } = await db.query<T>(
    `SELECT ${columns} FROM notes WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [noteId, userId],
  );
  if (!rows[0]) throw notFound("笔记不存在");
  return rows[0];
}

const findNoteRow = (db: Queryable, userId: string, noteId: string, lock = false) =>
  findNote<NoteRow>(db, userId, noteId, NOTE_COLUMNS, lock);

export const getNote = async (db: Queryable, userId: string, noteId: string) =>
  toNote(await findNoteRow(db, userId, noteId));

export async function ownsNote(db: Queryable, userId: string, noteId: string): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM notes WHERE id = $1 AND user_id = $2", [noteId, userId]);
  return Boolean(rowCount);
}

export type NewNote = {
  title: string;
  content: string;
  tags: string[];
  sourceIdeaIds: string[];
  pinned: boolean;
};

/**
 * A note written by the user, or composed by AI from ideas (the sources: checked by the caller).
 * In a transaction held to the quota (points/usage.store.ts) when the caller wants it refused past it;
 * its search words are then best made before (`vector`), so no connection waits on them.
 */
export async function insertNote(
  db: Queryable,
  userId: string,
  note: NewNote,
  vector?: string,
): Promise<Note> {
  vector ??= await noteVectorOffLoop(note);
  const { rows } = await db.query<NoteRow>(
    `INSERT INTO notes (user_id, title, content, tags, source_idea_ids, pinned, search, search_version)
     VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7::tsvector, ${SEARCH_WORDS_VERSION}) RETURNING ${NOTE_COLUMNS}`,
    [userId, note.title, note.content, note.tags, note.sourceIdeaIds, note.pinned, vector],
  );
  return toNote(rows[0]!);
}

/** A note the user writes, held to the quota (its search words made before the transaction). */
export async function createNote(
  db: Db,
  quota: Quota,
  userId: string,
  note: NewNote,
  attachmentIds: string[] = [],
): Promise<Note> {
  const files = noteFiles(note.content, attachmentIds);
  const vector = await noteVectorOffLoop(note);
  return quotaTx(db, quota, async (client) => {
    const made = await insertNote(client, userId, note, vector);
    if (files.length && !(await setItemAttachments(client, userId, made.id, files)))
      throw await noSuchFiles(client, userId, made.id, files);
    return made;
  });
}

/**
 * 404 naming the first file that is not the person's or is on another item, so that a reference
 * left in a note (one imported from another account, say) can be found and taken out.
 */
async function noSuchFiles(db: Queryable, userId: string, noteId: string, ids: string[]) {
  const usable = new Set(await attachableIds(db, userId, noteId, ids));
  const bad = ids.find((id) => !usable.has(id));
  const message = "图片不存在或已附在别的想法或笔记上";
  return new ApiError("NOT_FOUND", bad ? `${message}：attachment:${bad}，请从正文中删去这处图片` : message, {
    issues: bad ? [{ path: "content", message: `attachment:${bad}` }] : [],
  });
}

/**
 * A note's files follow its Markdown: every `attachment:{id}` it refers to, in order, then the
 * `attachmentIds` sent with it that it does not refer to (shown under the note, as on an idea).
 * The server derives them, so a client that only edits the text cannot leave a reference to a
 * file it does not own, nor keep a file that nothing refers to (server/docs/internals.md, Images on ideas and notes).
 */
function noteFiles(content: string, attachmentIds: string[] = []): string[] {
  // ids compared as the references are written: lower case
  const ids = [...new Set([...attachmentRefs(content), ...attachmentIds.map((id) => id.toLowerCase())])];
  if (ids.length > NOTE_MAX_ATTACHMENTS)
    throw new ApiError("VALIDATION_ERROR", `每篇笔记最多 ${NOTE_MAX_ATTACHMENTS} 张图片`);
  return ids;
}

/** The note's files that its stored text does not refer to (attached by attachmentIds), in order. */
async function looseFiles(db: Queryable, userId: string, noteId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM attachments WHERE user_id = $1 AND item_id = $2 ORDER BY position",
    [userId, noteId],
  );
  if (rows.length === 0) return [];
  const inline = new Set(attachmentRefs((await findNoteRow(db, userId, noteId)).content));
  return rows.map((r) => r.id).filter((id) => !inline.has(id));
}

export type NotePatch = {
  title?: string | undefined;
  content?: string | undefined;
  tags?: string[] | undefined;
  pinned?: boolean | undefined;
  /**
   * Files beside those the Markdown refers to (noteFiles). With this, the note's files become
   * exactly those and the text's references; with `content` alone, a reference taken out of the
   * text releases its file and the files the old text never referred to stay. A file no longer on
   * the note is released to the sweep.
   */
  attachmentIds?: string[] | undefined;
  /** The `updatedAt` the client last saw (items/stale-edit.ts). */
  baseUpdatedAt?: string | undefined;
};

/**
 * What an edit reads of the stored note: everything but its text, which may be 200,000
 * characters, and `version`, the transaction that wrote this version of the row (PostgreSQL's
 * xmin: the same xmin is the same version, which updated_at to the millisecond is not).
 */
type NoteHead = Omit<NoteRow, "content" | "cursor_us"> & { version: string };
const NOTE_HEAD_COLUMNS =
  "id, title, tags, source_idea_ids, pinned, archived_at, created_at, updated_at, xmin::text AS version";

const findNoteHead = (db: Queryable, userId: string, noteId: string, lock = false) =>
  findNote<NoteHead>(db, userId, noteId, NOTE_HEAD_COLUMNS, lock);

/**
 * The search words of the note as the edit leaves it; null when the edit changes none of the
 * words (a pin), so they stay. The stored text is read only when the edit keeps it but changes
 * the title or tags: an edit of the text has it already.
 */
async function vectorAfter(db: Queryable, userId: string, head: NoteHead, patch: NotePatch) {
  if (patch.title === undefined && patch.content === undefined && patch.tags === undefined) return null;
  let content = patch.content;
  if (content === undefined) {
    const { rows } = await db.query<{ content: string }>(
      "SELECT content FROM notes WHERE id = $1 AND user_id = $2",
      [head.id, userId],
    );
    if (!rows[0]) throw notFound("笔记不存在"); // moved to 回收站 meanwhile
    content = rows[0].content;
  }
  return noteVectorOffLoop({ title: patch.title ?? head.title, content, tags: patch.tags ?? head.tags });
}

/** `#标签` typed in the edited text become tags, beside the ones sent or kept, as on an idea. */
const withTypedNoteTags = (head: NoteHead, patch: NotePatch): NotePatch =>
  patch.content === undefined
    ? patch
    : { ...patch, tags: withTypedTags(patch.tags ?? head.tags, patch.content) };

export type NoteEditPlan = { seen: NoteHead; planned: string | null };

/** The note's search words after the edit, made unlocked (in a worker for a long note). */
export async function planNoteEdit(
  db: Db,
  userId: string,
  noteId: string,
  patch: NotePatch,
): Promise<NoteEditPlan> {
  const seen = await findNoteHead(db, userId, noteId);
  return { seen, planned: await vectorAfter(db, userId, seen, withTypedNoteTags(seen, patch)) };
}

/**
 * Applies the user's edit to one of their notes (404 笔记不存在), its search words with it, and
 * answers the note without its text: a text of up to 200,000 characters goes through once, in
 * with the edit, and is never read back nor sent back (docs/benchmarks-history.md, npm run bench -- notes). Held to
 * the quota: an edit that makes the note longer counts. An edit that changes the title, text or
 * tags keeps the note as it was among its 历史版本 (note-history.store.ts).
 */
export async function updateNote(
  db: Db,
  quota: Quota,
  userId: string,
  noteId: string,
  patch: NotePatch,
  /** Made beforehand by planNoteEdit: a batch makes every note's words before it locks anything. */
  plan?: NoteEditPlan,
): Promise<SavedNote> {
  // The search words are made before the transaction (in a worker for a long note), so no row
  // lock or connection is held while they are; an edit landing meanwhile (another xmin) has them
  // made again under the lock, which is rare.
  // text sent without attachmentIds: its references decide, and the files it never referred to
  // (put on the note by attachmentIds) stay (looseFiles, read under the lock)
  const sentFiles =
    patch.content !== undefined && patch.attachmentIds ? noteFiles(patch.content, patch.attachmentIds) : null;
  const { seen, planned } = plan ?? (await planNoteEdit(db, userId, noteId, patch));
  return quotaTx(db, quota, async (client) => {
    const cur = await findNoteHead(client, userId, noteId, true);
    if (isStaleEdit(cur.updated_at, patch.baseUpdatedAt)) {
      throw staleEdit("这篇笔记已在别处修改过", toNote(await findNoteRow(client, userId, noteId)));
    }
    const edit = withTypedNoteTags(cur, patch);
    const vector = cur.version === seen.version ? planned : await vectorAfter(client, userId, cur, edit);
    await keepVersionBefore(client, userId, noteId, edit);
    const loose = edit.content !== undefined && !sentFiles ? await looseFiles(client, userId, noteId) : null;
    const { rows } = await client.query<NoteHead>(
      `UPDATE notes SET title = coalesce($3, title), content = coalesce($4, content),
         tags = coalesce($5::text[], tags), pinned = coalesce($6, pinned),
         search = coalesce($7::tsvector, search), updated_at = CASE WHEN $8 THEN now() ELSE updated_at END
       WHERE id = $1 AND user_id = $2 RETURNING ${NOTE_HEAD_COLUMNS}`,
      [
        noteId,
        userId,
        edit.title ?? null,
        edit.content ?? null,
        edit.tags ?? null,
        edit.pinned ?? null,
        vector,
        // 置顶 alone is not an edit: an open editor's save is not refused as stale for it
        [edit.title, edit.content, edit.tags, edit.attachmentIds].some((v) => v !== undefined),
      ],
    );
    // files sent without the text: the stored text's references stay attached too
    const files =
      sentFiles ??
      (edit.content !== undefined
        ? noteFiles(edit.content, loose!)
        : edit.attachmentIds
          ? noteFiles((await findNoteRow(client, userId, noteId)).content, edit.attachmentIds)
          : null);
    if (files && !(await setItemAttachments(client, userId, noteId, files, { release: true })))
      throw await noSuchFiles(client, userId, noteId, files);
    return toSavedNote(rows[0]!);
  });
}

/** Every note of the user, oldest first, `size` at a time (the export). */
export const noteBatches = (db: Queryable, userId: string, size: number) =>
  oldestFirst<NoteRow>(db, "notes", NOTE_COLUMNS, userId, size);

import type { Note, NoteSummary } from "@shinian/contract";
import type { Db, Queryable } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { notFound } from "../errors.ts";
import { CURSOR_US, pageFrom } from "../lib/cursor.ts";
import { refuseStaleEdit } from "../lib/stale-edit.ts";
import { noteVector } from "../services/text-index.ts";
import { noteVectorOffLoop } from "../services/text-index-pool.ts";
import { type NewestQuery, newestRows, oldestFirst } from "./keyset.ts";
import { quotaTx } from "./usage.ts";

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

const NOTE_COLUMNS = `id, title, content, tags, source_idea_ids, pinned, created_at, updated_at, ${CURSOR_US} AS cursor_us`;

/** What a list carries of a note: never its whole text, which may be 200,000 characters. */
const PREVIEW_CHARS = 500;
export type NoteSummaryRow = Omit<NoteRow, "content"> & { preview: string; content_length: number };
export const NOTE_SUMMARY_COLUMNS = `id, title, left(content, ${PREVIEW_CHARS}) AS preview, char_length(content) AS content_length,
  tags, source_idea_ids, pinned, created_at, updated_at, ${CURSOR_US} AS cursor_us`;

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

export const toNoteSummary = (r: NoteSummaryRow): NoteSummary => ({
  id: r.id,
  title: r.title,
  preview: r.preview,
  contentLength: r.content_length,
  sourceIdeaIds: r.source_idea_ids,
  tags: r.tags,
  pinned: r.pinned,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** limit + 1 summaries, newest first (see newestRows): the feed merges them with the ideas. */
export const newestNoteRows = (db: Queryable, userId: string, q: NewestQuery) =>
  newestRows<NoteSummaryRow>(db, "notes", NOTE_SUMMARY_COLUMNS, userId, q);

export async function listNotes(db: Queryable, userId: string, q: NewestQuery) {
  return pageFrom(await newestNoteRows(db, userId, q), q.limit, toNoteSummary);
}

/** One of the user's notes (locked for the transaction with `lock`), or 404 笔记不存在. */
async function findNoteRow(db: Queryable, userId: string, noteId: string, lock = false): Promise<NoteRow> {
  const { rows } = await db.query<NoteRow>(
    `SELECT ${NOTE_COLUMNS} FROM notes WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [noteId, userId],
  );
  if (!rows[0]) throw notFound("笔记不存在");
  return rows[0];
}

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
 * In a transaction held to the quota (stores/usage.ts) when the caller wants it refused past it;
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
    `INSERT INTO notes (user_id, title, content, tags, source_idea_ids, pinned, search)
     VALUES ($1, $2, $3, $4, $5::uuid[], $6, $7::tsvector) RETURNING ${NOTE_COLUMNS}`,
    [userId, note.title, note.content, note.tags, note.sourceIdeaIds, note.pinned, vector],
  );
  return toNote(rows[0]!);
}

/** A note the user writes, held to the quota (its search words made before the transaction). */
export async function createNote(db: Db, quota: Quota, userId: string, note: NewNote): Promise<Note> {
  const vector = await noteVectorOffLoop(note);
  return quotaTx(db, quota, (client) => insertNote(client, userId, note, vector));
}

export type NotePatch = {
  title?: string | undefined;
  content?: string | undefined;
  tags?: string[] | undefined;
  pinned?: boolean | undefined;
  /** The `updatedAt` the client last saw (lib/stale-edit.ts). */
  baseUpdatedAt?: string | undefined;
};

const withPatch = (cur: NoteRow, patch: NotePatch) => ({
  title: patch.title ?? cur.title,
  content: patch.content ?? cur.content,
  tags: patch.tags ?? cur.tags,
  pinned: patch.pinned ?? cur.pinned,
});
const sameText = (a: ReturnType<typeof withPatch>, b: ReturnType<typeof withPatch>) =>
  a.title === b.title && a.content === b.content && a.tags.join("\u0000") === b.tags.join("\u0000");

/**
 * Applies the user's edit to one of their notes (404 笔记不存在), its search words with it. Held
 * to the quota: an edit that makes the note longer counts.
 */
export async function updateNote(
  db: Db,
  quota: Quota,
  userId: string,
  noteId: string,
  patch: NotePatch,
): Promise<Note> {
  // The search words are made before the transaction (in a worker for a long note), so no row
  // lock or connection is held while they are; an edit landing meanwhile has them made again.
  const planned = withPatch(await findNoteRow(db, userId, noteId), patch);
  const vector = await noteVectorOffLoop(planned);
  return quotaTx(db, quota, async (client) => {
    const cur = await findNoteRow(client, userId, noteId, true);
    refuseStaleEdit(cur.updated_at, patch.baseUpdatedAt, "这篇笔记已在别处修改过", () => toNote(cur));
    const next = withPatch(cur, patch);
    const updated = await client.query<NoteRow>(
      `UPDATE notes SET title = $3, content = $4, tags = $5, pinned = $6, search = $7::tsvector, updated_at = now()
       WHERE id = $1 AND user_id = $2 RETURNING ${NOTE_COLUMNS}`,
      [
        noteId,
        userId,
        next.title,
        next.content,
        next.tags,
        next.pinned,
        sameText(next, planned) ? vector : noteVector(next),
      ],
    );
    return toNote(updated.rows[0]!);
  });
}

/** Every note of the user, oldest first, `size` at a time (the export). */
export const noteBatches = (db: Queryable, userId: string, size: number) =>
  oldestFirst<NoteRow>(db, "notes", NOTE_COLUMNS, userId, size);

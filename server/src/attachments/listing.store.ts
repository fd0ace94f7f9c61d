import type { Queryable } from "../db/pool.ts";
import { fromUs, type Keyset, usOf } from "../http/cursor.ts";
import { ON_ANNOTATION, ON_TRASHED_ANNOTATION } from "./attachments.store.ts";

/** A file as a listing by name shows it (memos' API): its name, type, size and upload time. */
export type ListedFile = {
  id: string;
  item_id: string | null;
  name: string;
  content_type: string;
  size: number;
  created_at: Date;
  cursor_us: string;
};

const LISTED = `id, item_id, name, content_type, coalesce(octet_length(data), object_bytes)::int AS size,
  created_at, ${usOf("created_at")} AS cursor_us`;

/** The files of these items (the user's own), in each item's order. */
export async function listedFilesOfItems(db: Queryable, userId: string, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  const { rows } = await db.query<ListedFile>(
    `SELECT ${LISTED} FROM attachments WHERE user_id = $1 AND item_id = ANY($2::uuid[]) ORDER BY item_id, position`,
    [userId, itemIds],
  );
  return rows;
}

/** One of the user's files, or null. */
export async function findListedFile(db: Queryable, userId: string, id: string) {
  const { rows } = await db.query<ListedFile>(
    `SELECT ${LISTED} FROM attachments WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  return rows[0] ?? null;
}

/**
 * limit + 1 of the user's files, newest upload first, after `cursor`; a 批注's are left out (memos'
 * API): memos has no 批注, and to memos a file on no memo is one never used, which its web app offers
 * to delete with the rest (删除所有未使用资源, usememos/memos web/src/components/AttachmentLibrary).
 */
export async function newestListedFiles(db: Queryable, userId: string, limit: number, cursor: Keyset | null) {
  const { rows } = await db.query<ListedFile>(
    `SELECT ${LISTED} FROM attachments a WHERE user_id = $1
       AND NOT (${ON_ANNOTATION} OR ${ON_TRASHED_ANNOTATION})
       ${cursor ? `AND (created_at, id) < (${fromUs("$3")}, $4::uuid)` : ""}
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    cursor ? [userId, limit + 1, cursor.us, cursor.id] : [userId, limit + 1],
  );
  return rows;
}

/** Deletes one of the user's files for good, from whatever item it is on; false when there was none. */
export async function deleteFileOf(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM attachments WHERE user_id = $1 AND id = $2", [userId, id]);
  return Boolean(rowCount);
}

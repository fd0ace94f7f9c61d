import type { ArchiveState } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";

/**
 * 归档 (migration 040): puts one of the user's ideas or notes away, or back on 首页. Not an edit:
 * updated_at stays, so an open editor's save is not refused as stale. Archiving what is already
 * archived keeps its first time (归档 lists by the item's own date, the time says since when).
 */
export async function setArchived(
  db: Queryable,
  userId: string,
  type: "idea" | "note",
  id: string,
  archived: boolean,
): Promise<ArchiveState> {
  const table = type === "idea" ? "ideas" : "notes";
  const { rows } = await db.query<{ id: string; archived_at: Date | null }>(
    `UPDATE ${table} SET archived_at = ${archived ? "coalesce(archived_at, now())" : "NULL"}
     WHERE id = $1 AND user_id = $2 RETURNING id, archived_at`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) throw notFound(type === "idea" ? "想法不存在" : "笔记不存在");
  return { id: row.id, archivedAt: row.archived_at?.toISOString() ?? null };
}

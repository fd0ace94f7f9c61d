import type { Queryable } from "../db/pool.ts";
import { fromUs, type Keyset, usOf } from "../http/cursor.ts";

/** A page of a newest-first list: where it starts, how long it is, and what narrows it. */
export type NewestQuery = {
  limit: number;
  tag?: string | undefined;
  cursor: Keyset | null;
  /** Rows shown elsewhere on the list (the feed's pinned lead): left out of it. */
  exclude?: string[] | undefined;
  /** 归档 (migration 040): true only archived rows, false none of them, absent both. */
  archived?: boolean | undefined;
};

const archivedSql = (archived: boolean | undefined) =>
  archived === undefined ? "" : ` AND archived_at IS ${archived ? "NOT " : ""}NULL`;
const archivedName = (archived: boolean | undefined) =>
  archived === undefined ? "" : archived ? "-archived" : "-home";

/**
 * The user's ideas or notes, newest first, after `cursor`, optionally only those with `tag` or a tag under it (tag_paths; and
 * `filter`: an SQL expression that must equal a value): limit + 1 rows, the extra one telling that
 * another page follows. Prepared per variant (the list and the feed are the most frequent reads),
 * except with a tag or a filter: how common a tag is decides the plan, which a generic plan cannot
 * know.
 */
export async function newestRows<R extends { cursor_us: string; id: string }>(
  db: Queryable,
  table: "ideas" | "notes",
  columns: string,
  userId: string,
  q: NewestQuery & { filter?: { sql: string; value: unknown } | undefined },
): Promise<R[]> {
  const values: unknown[] = [userId, q.limit + 1];
  let where = `user_id = $1${archivedSql(q.archived)}`;
  if (q.filter) {
    values.push(q.filter.value);
    where += ` AND ${q.filter.sql} = $${values.length}`;
  }
  if (q.tag) {
    values.push([q.tag]);
    where += ` AND tag_paths @> $${values.length}::text[]`;
  }
  if (q.cursor) {
    values.push(q.cursor.us, q.cursor.id);
    where += ` AND (created_at, id) < (${fromUs(`$${values.length - 1}`)}, $${values.length}::uuid)`;
  }
  const exclude = q.exclude?.length ? q.exclude : null;
  if (exclude) {
    values.push(exclude);
    where += ` AND id <> ALL($${values.length}::uuid[])`;
  }
  const { rows } = await db.query<R>({
    name:
      q.tag || q.filter
        ? undefined
        : `newest-${table}${archivedName(q.archived)}${q.cursor ? "-after" : ""}${exclude ? "-but" : ""}`,
    text: `SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`,
    values,
  });
  return rows;
}

/** Microseconds of a row's pin: how the feed merges the pinned ideas and notes. */
export const PINNED_US = `${usOf("pinned_at")} AS pinned_us`;

/**
 * The user's pinned ideas or notes (only those with `tag` or a tag under it), most recently
 * pinned first, at most `max`. A pin of unknown time (trashed before pins had one) comes last.
 */
export async function pinnedRows<R extends { pinned_us: string | null; id: string }>(
  db: Queryable,
  table: "ideas" | "notes",
  columns: string,
  userId: string,
  q: { max: number; tag?: string | undefined; archived?: boolean | undefined },
): Promise<R[]> {
  const values: unknown[] = [userId, q.max];
  let where = `user_id = $1 AND pinned${archivedSql(q.archived)}`;
  if (q.tag) {
    values.push([q.tag]);
    where += ` AND tag_paths @> $3::text[]`;
  }
  const { rows } = await db.query<R>({
    name: q.tag ? undefined : `pinned-${table}${archivedName(q.archived)}`,
    text: `SELECT ${columns}, ${PINNED_US} FROM ${table} WHERE ${where}
      ORDER BY pinned_at DESC NULLS LAST, created_at DESC, id DESC LIMIT $2`,
    values,
  });
  return rows;
}

/**
 * The user's rows of `table`, oldest first, `size` at a time (keyset on `orderBy` — created_at,
 * or the trash's deleted_at — and id), never the whole table in memory: the export reads every
 * table this way. `columns` must give cursor_us, the microseconds of `orderBy` (usOf).
 */
export async function* oldestFirst<R extends { cursor_us: string; id: string }>(
  db: Queryable,
  table: "ideas" | "idea_versions" | "notes" | "conversations" | "trash" | "annotations",
  columns: string,
  userId: string,
  size: number,
  orderBy: "created_at" | "deleted_at" = "created_at",
): AsyncGenerator<R[]> {
  let after: Keyset | null = null;
  for (;;) {
    const params: unknown[] = [userId, size];
    let where = "user_id = $1";
    if (after) {
      params.push(after.us, after.id);
      where += ` AND (${orderBy}, id) > (${fromUs("$3")}, $4::uuid)`;
    }
    const { rows } = await db.query<R>(
      `SELECT ${columns} FROM ${table} WHERE ${where} ORDER BY ${orderBy}, id LIMIT $2`,
      params,
    );
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { us: last.cursor_us, id: last.id };
  }
}

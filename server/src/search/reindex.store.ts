/**
 * The rows whose search words an older version made (migration 020's search_version), read and
 * written back in batches by search/reindex.ts.
 */
import type { DbClient } from "../db/pool.ts";

/**
 * Raised with every change of what search/words.ts makes of an item: rows indexed by an
 * older version are rebuilt in the background (search/reindex.ts). A raise comes with a
 * migration that makes partial indexes for the rows below it (047 for 2; 059 for 3, the broad
 * topic lexicon of search/topic-lexicon.ts).
 */
export const SEARCH_WORDS_VERSION = 3;

export type OutdatedRow = {
  id: string;
  /** The row's xmin: any write since it was read changes it, and the rebuilt words are dropped. */
  row_version: string;
  title: string;
  content: string;
  original_content: string;
  tags: string[];
};

export type IndexedTable = "ideas" | "notes";

// A constant, not a parameter: the planner then reads the partial indexes of migration 020, which
// hold only the outdated rows, instead of walking every row of the table.
const OUTDATED = `search_version < ${SEARCH_WORDS_VERSION}`;

/**
 * The first `limit` outdated rows of the table, in id order. Notes with no original text of their
 * own answer '' for it.
 */
export async function outdatedRows(db: DbClient, table: IndexedTable, limit: number): Promise<OutdatedRow[]> {
  const original = table === "ideas" ? "original_content" : "''";
  const { rows } = await db.query<OutdatedRow>(
    `SELECT id, xmin::text AS row_version, title, content, ${original} AS original_content, tags
     FROM ${table} WHERE ${OUTDATED} ORDER BY id LIMIT $1`,
    [limit],
  );
  return rows;
}

/**
 * Writes the rebuilt words of the rows still as they were read; skips a row written since (its
 * writer made current words) or locked by a writer now (it stays outdated for the next batch).
 * Rows are locked in id order without waiting, so this never waits in a circle with a writer that
 * locks several rows (a tag rename). updated_at stays: nothing a person wrote has changed.
 * Answers how many rows it wrote.
 */
export async function writeRebuilt(
  db: DbClient,
  table: IndexedTable,
  rows: { id: string; rowVersion: string; search: string }[],
): Promise<number> {
  const { rowCount } = await db.query(
    `WITH mine AS (
       SELECT id FROM ${table} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE SKIP LOCKED
     )
     UPDATE ${table} t SET search = r.search::tsvector, search_version = ${SEARCH_WORDS_VERSION}
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS r (id, row_version, search)
     WHERE t.id = r.id AND t.id IN (SELECT id FROM mine) AND t.xmin = r.row_version::xid`,
    [rows.map((r) => r.id), rows.map((r) => r.rowVersion), rows.map((r) => r.search)],
  );
  return rowCount ?? 0;
}

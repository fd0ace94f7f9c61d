/**
 * The reads and writes of the walk that gives existing items the tags a newer rule finds in their
 * words (migration 030's bookmarks; items/tag-rederive.ts decides what each item gains).
 */
import type { DbClient } from "../db/pool.ts";
import { SEARCH_WORDS_VERSION } from "../search/reindex.store.ts";

export type RederiveSource = "ideas" | "notes" | "trash";

/** One item as the walk reads it. `content` is '' when it holds no `#` (nothing to find). */
export type WalkedRow = {
  id: string;
  type: "idea" | "note";
  content: string;
  /** An idea showing an AI version: its original words, whose typed tags that version carries. */
  tidied_from: string | null;
  tags: string[];
  /** For `tidied_from`: the person's renames since those words were written, in order. */
  renames: { from: string; to: string }[] | null;
};

/** The rule a walk adds beyond: before issue 29 (migration 030's walk) or 030's own (037's). */
export type SinceRule = "029" | "030";

/** The first place still to walk and where its walk stands, locked until commit; null when all are done. */
export async function nextBookmark(
  db: DbClient,
): Promise<{ source: RederiveSource; after: string; since: SinceRule } | null> {
  const { rows } = await db.query<{ source: RederiveSource; after_id: string; since_rule: SinceRule }>(
    `SELECT source, after_id, since_rule FROM tag_rederive
     ORDER BY array_position(ARRAY['ideas', 'notes', 'trash'], source) LIMIT 1 FOR UPDATE`,
  );
  return rows[0] ? { source: rows[0].source, after: rows[0].after_id, since: rows[0].since_rule } : null;
}

/** Moves the bookmark past `lastId`, or removes it when the place is walked to its end. */
export async function moveBookmark(db: DbClient, source: RederiveSource, lastId: string | null) {
  if (lastId === null) await db.query("DELETE FROM tag_rederive WHERE source = $1", [source]);
  else await db.query("UPDATE tag_rederive SET after_id = $2 WHERE source = $1", [source, lastId]);
}

const HASH_ONLY = (text: string) =>
  `CASE WHEN strpos(${text}, '#') > 0 OR strpos(${text}, '＃') > 0 THEN ${text} ELSE '' END`;

/** What each place's rows are read as (`$1` the id to start after, `$2` how many; `$3` ids to lock instead). */
const RENAMES = (user: string, since: string) =>
  `(SELECT coalesce(jsonb_agg(jsonb_build_object('from', r.from_tag, 'to', r.to_tag) ORDER BY r.renamed_at, r.id), '[]')
    FROM tag_renames r WHERE r.user_id = ${user} AND r.renamed_at > coalesce(${since}, '-infinity'))`;

const READ: Record<RederiveSource, string> = {
  ideas: `SELECT id, 'idea' AS type, ${HASH_ONLY("content")} AS content,
      CASE WHEN ai_version_id IS NOT NULL THEN ${HASH_ONLY("original_content")} END AS tidied_from, tags,
      CASE WHEN ai_version_id IS NOT NULL THEN ${RENAMES("ideas.user_id", "ideas.original_at")} END AS renames
    FROM ideas`,
  notes: `SELECT id, 'note' AS type, ${HASH_ONLY("content")} AS content, NULL AS tidied_from, tags, NULL AS renames FROM notes`,
  // a trashed item is its row as JSON (migration 012), restored as it is kept
  trash: `SELECT id, type, ${HASH_ONLY("coalesce(item -> type ->> 'content', '')")} AS content,
      CASE WHEN item -> type ->> 'ai_version_id' IS NOT NULL
        THEN ${HASH_ONLY("coalesce(item -> type ->> 'original_content', '')")} END AS tidied_from,
      ARRAY(SELECT jsonb_array_elements_text(coalesce(item -> type -> 'tags', '[]'))) AS tags,
      CASE WHEN item -> type ->> 'ai_version_id' IS NOT NULL
        THEN ${RENAMES("trash.user_id", "(item -> type ->> 'original_at')::timestamptz")} END AS renames
    FROM trash`,
};

/** The next `limit` rows of the place after `after`, in id order, unlocked. */
export async function walkBatch(
  db: DbClient,
  source: RederiveSource,
  after: string,
  limit: number,
): Promise<WalkedRow[]> {
  const { rows } = await db.query<WalkedRow>(`${READ[source]} WHERE id > $1 ORDER BY id LIMIT $2`, [
    after,
    limit,
  ]);
  return rows;
}

/** The rows with these ids as they are now, locked until commit, in id order (the order every multi-row writer locks in). */
export async function lockRows(db: DbClient, source: RederiveSource, ids: string[]): Promise<WalkedRow[]> {
  const { rows } = await db.query<WalkedRow>(
    `${READ[source]} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
  return rows;
}

/** The title, words and original words of locked ideas or notes, for their search words. */
export async function wordsOf(db: DbClient, source: "ideas" | "notes", ids: string[]) {
  const original = source === "ideas" ? "original_content" : "''";
  const { rows } = await db.query<{ id: string; title: string; content: string; original_content: string }>(
    `SELECT id, title, content, ${original} AS original_content FROM ${source} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Writes the rows' new tags, with their search words made again (ideas, notes) or marked to be
 * made again when restored (回收站: search/reindex.ts rebuilds a row of version 0).
 * updated_at stays: nothing the person wrote has changed.
 */
export async function writeTags(
  db: DbClient,
  source: RederiveSource,
  rows: { id: string; tags: string[]; search?: string }[],
) {
  const ids = rows.map((r) => r.id);
  const tags = rows.map((r) => JSON.stringify(r.tags));
  if (source === "trash") {
    await db.query(
      `UPDATE trash t SET item = jsonb_set(jsonb_set(item, ARRAY[type, 'tags'], r.tags::jsonb),
         ARRAY[type, 'search_version'], '0')
       FROM unnest($1::uuid[], $2::text[]) AS r (id, tags) WHERE t.id = r.id`,
      [ids, tags],
    );
    return;
  }
  await db.query(
    `UPDATE ${source} t SET tags = ARRAY(SELECT jsonb_array_elements_text(r.tags::jsonb)),
       search = r.search::tsvector, search_version = ${SEARCH_WORDS_VERSION}
     FROM unnest($1::uuid[], $2::text[], $3::text[]) AS r (id, tags, search) WHERE t.id = r.id`,
    [ids, tags, rows.map((r) => r.search ?? "")],
  );
}

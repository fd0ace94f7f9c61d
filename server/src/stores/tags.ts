import { MAX_TAG_LENGTH, renamedTag, type TagCount } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { tagWordsVector } from "../services/text-index.ts";

/** The most tags GET /api/tags lists: the most used first, so a listed child always has its parent listed. */
export const TAG_LIST_LIMIT = 1000;

/**
 * The user's tags with how many items carry each, a parent counting every item under it once:
 * tag_counts, kept by triggers from each row's tag_paths (its tags and their parents, each once:
 * migration 014). Items in 回收站 are in another table, so they count nowhere.
 */
export async function listTags(db: Queryable, userId: string): Promise<TagCount[]> {
  const { rows } = await db.query<{ name: string; count: number }>({
    name: "tags-list",
    text: `SELECT path AS name, count FROM tag_counts WHERE user_id = $1 AND count > 0
       ORDER BY count DESC, path LIMIT $2`,
    values: [userId, TAG_LIST_LIMIT],
  });
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// Renames run one at a time per user: two at once could each take part of the items.
const RENAME_LOCK = "tags-rename:";

/** `tags` with every tag within `$3` (from) renamed to `$4` (to), each once, in their first order. */
const RENAMED_TAGS = `(SELECT coalesce(array_agg(tag ORDER BY first), '{}') FROM (
    SELECT CASE WHEN t = $3 OR starts_with(t, $3 || '/') THEN $4 || substr(t, char_length($3) + 1) ELSE t END AS tag,
      min(n) AS first
    FROM unnest(tags) WITH ORDINALITY AS u(t, n) GROUP BY 1) r)`;

/**
 * Renames tag `from` (with every tag under it) to `to` on all the user's items, in one transaction:
 * merged into `to` where that exists, each tag once per item. How many items changed (with
 * `dryRun`: would change). The new words join the items' search words; the old ones stay there
 * until an item is next edited (the words of a text are made in JS, not in SQL).
 */
export async function renameTag(
  db: Db,
  userId: string,
  r: { from: string; to: string; dryRun?: boolean | undefined },
): Promise<number> {
  if (r.from === r.to) throw new ApiError("VALIDATION_ERROR", "新名称与原名称相同");
  return tx(db, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [RENAME_LOCK + userId]);
    await refuseTooLong(client, userId, r.from, r.to);
    if (r.dryRun) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM ideas WHERE user_id = $1 AND tag_paths @> ARRAY[$2])::int
           + (SELECT count(*) FROM notes WHERE user_id = $1 AND tag_paths @> ARRAY[$2])::int AS n`,
        [userId, r.from],
      );
      return rows[0]!.n;
    }
    // Every item it changes, locked before any count is (the counts' triggers run per statement):
    // an edit holding one of them while waiting on a count could otherwise wait in a circle.
    for (const table of ["ideas", "notes"]) {
      await client.query(
        `SELECT 1 FROM ${table} WHERE user_id = $1 AND tag_paths @> ARRAY[$2] ORDER BY id FOR UPDATE`,
        [userId, r.from],
      );
    }
    const words = await tagWordsVector(r.to);
    // updated_at moves, so that an edit made from an older copy of an item is refused (409), not
    // saved over the rename; the tags are the person's own now, no AI version is current.
    const ideas = await client.query(
      `UPDATE ideas SET tags = ${RENAMED_TAGS}, search = search || $5::tsvector, ai_version_id = NULL,
         updated_at = now()
       WHERE user_id = $1 AND tag_paths @> ARRAY[$2]`,
      [userId, r.from, r.from, r.to, words],
    );
    const notes = await client.query(
      `UPDATE notes SET tags = ${RENAMED_TAGS}, search = search || $5::tsvector, updated_at = now()
       WHERE user_id = $1 AND tag_paths @> ARRAY[$2]`,
      [userId, r.from, r.from, r.to, words],
    );
    return (ideas.rowCount ?? 0) + (notes.rowCount ?? 0);
  });
}

/** 400 when a tag would grow past MAX_TAG_LENGTH: `读书/小说` renamed with `读书` to a long name. */
async function refuseTooLong(db: Queryable, userId: string, from: string, to: string) {
  const { rows } = await db.query<{ tag: string }>(
    `SELECT DISTINCT t AS tag FROM (
       SELECT unnest(tags) AS t FROM ideas WHERE user_id = $1 AND tag_paths @> ARRAY[$2]
       UNION ALL
       SELECT unnest(tags) FROM notes WHERE user_id = $1 AND tag_paths @> ARRAY[$2]) u
     WHERE t = $2 OR starts_with(t, $2 || '/')`,
    [userId, from],
  );
  const tooLong = rows.map((row) => renamedTag(row.tag, from, to)).find((t) => t.length > MAX_TAG_LENGTH);
  if (tooLong) {
    throw new ApiError("VALIDATION_ERROR", `改名后「${tooLong}」超过 ${MAX_TAG_LENGTH} 个字符`);
  }
}

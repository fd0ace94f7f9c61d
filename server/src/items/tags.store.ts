import { isTypeableTag, MAX_TAG_LENGTH, renamedTag, renameTagInText, type TagCount } from "@shinian/contract";
import { type Db, type DbClient, type Queryable, tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { SEARCH_WORDS_VERSION } from "../search/reindex.store.ts";
import { tagWordsVector } from "../search/words.ts";
import { rowVectorsOffLoop } from "../search/words-pool.ts";
import { logTagRename } from "./tag-renames.store.ts";

/** The most tags GET /api/tags lists: the most used first, so a listed child always has its parent listed. */
export const TAG_LIST_LIMIT = 1000;

/** Chinese names in pinyin order (阅读 after 读书), as a Chinese reader looks for them. */
const byPinyin = new Intl.Collator("zh-Hans-CN");

/**
 * The user's tags with how many items carry each, a parent counting every item under it once:
 * tag_counts, kept by triggers from each row's tag_paths (its tags and their parents, each once:
 * migration 014). Items in 回收站 are in another table, so they count nowhere. The most used
 * first, the same count in pinyin order.
 */
export async function listTags(db: Queryable, userId: string): Promise<TagCount[]> {
  const { rows } = await db.query<{ name: string; count: number }>({
    name: "tags-list",
    text: `SELECT path AS name, count FROM tag_counts WHERE user_id = $1 AND count > 0
       ORDER BY count DESC, path LIMIT $2`,
    values: [userId, TAG_LIST_LIMIT],
  });
  return rows.sort((a, b) => b.count - a.count || byPinyin.compare(a.name, b.name));
}

/**
 * The most tags 标签整理 compares for near-duplicates (the most used first), and the most tags on a
 * single item it reads: the work per request stays bounded however many tags an account has.
 */
export const TAG_CLEANUP_SCAN = 5000;

/** The user's tags with their counts, the most used first, at most TAG_CLEANUP_SCAN. */
export async function tagUses(db: Queryable, userId: string): Promise<{ name: string; count: number }[]> {
  const { rows } = await db.query<{ name: string; count: number }>({
    name: "tags-uses",
    text: `SELECT path AS name, count FROM tag_counts WHERE user_id = $1 AND count > 0
       ORDER BY count DESC, path COLLATE "C" LIMIT $2`,
    values: [userId, TAG_CLEANUP_SCAN],
  });
  return rows;
}

/**
 * The user's tags carried by exactly one item, parents included (a parent of such a tag counts
 * that one item too), at most TAG_CLEANUP_SCAN, in code point order: a parent before its children.
 */
export async function tagsUsedOnce(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>({
    name: "tags-used-once",
    text: `SELECT path AS name FROM tag_counts WHERE user_id = $1 AND count = 1
       ORDER BY path COLLATE "C" LIMIT $2`,
    values: [userId, TAG_CLEANUP_SCAN],
  });
  return rows.map((r) => r.name);
}

/**
 * The person's tags on what the AI may read (ideas not marked 不让AI读取, and notes), the most used
 * first: the tags a tidy is asked to reuse. A tag only on items kept from the AI never leaves.
 */
export async function aiReadableTags(db: Queryable, userId: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ tag: string }>(
    `SELECT tag FROM (
       SELECT unnest(tags) AS tag FROM ideas WHERE user_id = $1 AND NOT ai_excluded
       UNION ALL
       SELECT unnest(tags) FROM notes WHERE user_id = $1) t
     GROUP BY tag ORDER BY count(*) DESC, tag COLLATE "C" LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => r.tag);
}

/** Whether the text may hold `#$2` (or `＃$2`, as a full-width IME types it). */
const TYPED = "(strpos(content, '#' || $2) > 0 OR strpos(content, '＃' || $2) > 0)";

// Renames run one at a time per user: two at once could each take part of the items.
const RENAME_LOCK = "tags-rename:";

/** `tags` with every tag within `$3` (from) renamed to `$4` (to), each once, in their first order. */
const RENAMED_TAGS = `(SELECT coalesce(array_agg(tag ORDER BY first), '{}') FROM (
    SELECT CASE WHEN t = $3 OR starts_with(t, $3 || '/') THEN $4 || substr(t, char_length($3) + 1) ELSE t END AS tag,
      min(n) AS first
    FROM unnest(tags) WITH ORDINALITY AS u(t, n) GROUP BY 1) r)`;

/**
 * Renames tag `from` (with every tag under it) to `to` on all the user's items, in one transaction:
 * merged into `to` where that exists, and the `#from…` typed in each item's current text rewritten at
 * tag boundaries, so the next edit keeps the new name; 原始想法 and AI versions are left, the rename
 * logged for when they become current (items/tag-renames.store.ts). Returns how many items changed
 * (with `dryRun`: would change). Search words and bounds: server/docs/internals.md, "Tags".
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
    // Their ids come back when their text may hold the tag (`#from` in it), for the rewrite below;
    // a text may hold it while the tags don't (an 11th tag, a row the re-derivation has not reached
    // yet): left as written, it would bring the old name back on the next save.
    for (const table of ["ideas", "notes"] as const) {
      const { rows } = await client.query<{ id: string; typed: boolean }>(
        `SELECT id, ${TYPED} AS typed FROM ${table}
         WHERE user_id = $1 AND (tag_paths @> ARRAY[$2] OR ${TYPED})
         ORDER BY id FOR UPDATE`,
        [userId, r.from],
      );
      const typed = rows.filter((row) => row.typed).map((row) => row.id);
      await renameInTexts(client, table, userId, typed, r.from, r.to);
    }
    const words = await tagWordsVector(r.to);
    // updated_at moves, so that an edit made from an older copy of an item is refused (409), not
    // saved over the rename. A tidied idea stays 已整理 (ai_version_id kept): renaming a tag is
    // not rewriting its words, and 恢复原文 stays offered.
    const ideas = await client.query(
      `UPDATE ideas SET tags = ${RENAMED_TAGS}, search = search || $5::tsvector, updated_at = now()
       WHERE user_id = $1 AND tag_paths @> ARRAY[$2]`,
      [userId, r.from, r.from, r.to, words],
    );
    const notes = await client.query(
      `UPDATE notes SET tags = ${RENAMED_TAGS}, search = search || $5::tsvector, updated_at = now()
       WHERE user_id = $1 AND tag_paths @> ARRAY[$2]`,
      [userId, r.from, r.from, r.to, words],
    );
    // the AI versions and 回收站 too: choosing an older version, or restoring a deleted item,
    // must not bring the old name back
    await client.query(
      `UPDATE idea_versions SET tags = ${RENAMED_TAGS}
       WHERE idea_id IN (SELECT id FROM ideas WHERE user_id = $1)
         AND EXISTS (SELECT 1 FROM unnest(tags) t WHERE t = $2 OR starts_with(t, $2 || '/'))`,
      [userId, r.from, r.from, r.to],
    );
    await renameInTrash(client, userId, r.from, r.to);
    await logTagRename(client, userId, r.from, r.to);
    return (ideas.rowCount ?? 0) + (notes.rowCount ?? 0);
  });
}

type TrashedRow = { title: string; content: string; tags: string[] };
type TrashedItem = { idea?: TrashedRow; note?: TrashedRow; versions?: { tags: string[] }[] | null };

/**
 * The rename in 回收站's rows (kept as JSON): the tags, the words (as in renameInTexts) and the AI
 * versions' tags, so that a restore brings the new name back. Rows read a few at a time.
 */
async function renameInTrash(client: DbClient, userId: string, from: string, to: string) {
  const { rows: ids } = await client.query<{ id: string }>(
    `SELECT id FROM trash WHERE user_id = $1 AND strpos(item::text, $2) > 0 ORDER BY id`,
    [userId, from],
  );
  const rename = (tags: string[]) => [...new Set(tags.map((t) => renamedTag(t, from, to)))];
  for (let at = 0; at < ids.length; at += RENAME_BATCH.notes) {
    const { rows } = await client.query<{ id: string; item: TrashedItem }>(
      "SELECT id, item FROM trash WHERE user_id = $1 AND id = ANY($2::uuid[])",
      [userId, ids.slice(at, at + RENAME_BATCH.notes).map((row) => row.id)],
    );
    for (const row of rows) {
      const { item } = row;
      const kept = item.idea ?? item.note;
      if (!kept) continue;
      kept.tags = rename(kept.tags ?? []);
      kept.content = renameTagInText(kept.content, from, to);
      for (const version of item.versions ?? []) version.tags = rename(version.tags ?? []);
      await client.query("UPDATE trash SET item = $3 WHERE user_id = $1 AND id = $2", [userId, row.id, item]);
    }
  }
}

/**
 * Rows read at a time while rewriting texts: an idea holds at most 10,000 characters, a note
 * 200,000, so a batch holds at most ~2,000,000 characters in memory, whatever the account's size.
 */
export const RENAME_BATCH: Record<"ideas" | "notes", number> = { ideas: 200, notes: 10 };

type TextRow = { id: string; title: string; content: string; original_content: string; tags: string[] };

/**
 * The texts of the items the rename changes, rewritten a batch at a time (`ids`: the rows it
 * locked whose text holds `#from`): only those the rewrite changes are written, with their search
 * words made again (in a worker thread) as the rename leaves them.
 */
async function renameInTexts(
  client: DbClient,
  table: "ideas" | "notes",
  userId: string,
  ids: string[],
  from: string,
  to: string,
) {
  const original = table === "ideas" ? "original_content" : "''";
  for (let at = 0; at < ids.length; at += RENAME_BATCH[table]) {
    const { rows } = await client.query<TextRow>(
      `SELECT id, title, content, ${original} AS original_content, tags FROM ${table}
       WHERE user_id = $1 AND id = ANY($2::uuid[])`,
      [userId, ids.slice(at, at + RENAME_BATCH[table])],
    );
    const changed = rows.flatMap((row) => {
      const content = renameTagInText(row.content, from, to);
      return content === row.content ? [] : [{ ...row, content }];
    });
    if (changed.length && !isTypeableTag(to)) {
      throw new ApiError(
        "VALIDATION_ERROR",
        `正文里写着 #${from}，而「${to}」含有空格或标点，写不成 #标签；请换一个只含文字和数字的名称（用 / 分级）`,
      );
    }
    if (!changed.length) continue;
    const type = table === "ideas" ? "idea" : "note";
    const vectors = await rowVectorsOffLoop(
      changed.map((row) => ({
        type,
        ...row,
        tags: [...new Set(row.tags.map((t) => renamedTag(t, from, to)))],
      })),
    );
    await client.query(
      `UPDATE ${table} t SET content = r.content, search = r.search::tsvector, search_version = ${SEARCH_WORDS_VERSION}
       FROM unnest($2::uuid[], $3::text[], $4::text[]) AS r (id, content, search)
       WHERE t.user_id = $1 AND t.id = r.id`,
      [userId, changed.map((row) => row.id), changed.map((row) => row.content), vectors],
    );
  }
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

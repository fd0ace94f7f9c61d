/**
 * Finding the user's ideas and notes by their words, for the search page (search/search.ts builds
 * the snippets) and for the AI assistant's sources (ai/grounding.ts picks and cuts them).
 * Both tables in one statement, ranked together.
 */
import type { ItemRef } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

export type SearchRow = {
  type: "idea" | "note";
  id: string;
  title: string;
  /** The whole text, or for a long note only the part around the anchor (see noteExcerpt). */
  content: string;
  /** Characters of the text before `content` (0: it starts at the beginning). */
  content_from: number;
  content_length: number;
  original_content: string;
  tags: string[];
  created_at: Date;
};

/**
 * A note may hold 200,000 characters and a page of results 20 notes: PostgreSQL cuts out the part
 * around the first `anchor` instead of sending whole texts. Applied to the page's rows only (after
 * LIMIT), without lower() when the anchor has no cased letters (Chinese); an idea comes whole. Each
 * row's text is read once (`|| ''` in a subquery the planner keeps: OFFSET 0), since every mention of
 * r.content would decompress it again (docs/benchmarks-history.md, "search reading each text once").
 */
const EXCERPT = 3_000;
const BEFORE_ANCHOR = 1_000;
function excerptOf(anchor: string, caseless: boolean) {
  const long = `r.type = 'note' AND x.length > ${EXCERPT}`;
  return {
    columns: `CASE WHEN ${long} THEN substr(x.text, x.start, ${EXCERPT}) ELSE x.text END AS content,
      CASE WHEN ${long} THEN x.start - 1 ELSE 0 END AS content_from,
      x.length AS content_length`,
    join: `CROSS JOIN LATERAL (
      SELECT t.text, char_length(t.text) AS length,
        greatest(1, strpos(${caseless ? "t.text" : "lower(t.text)"}, ${anchor}) - ${BEFORE_ANCHOR}) AS start
      FROM (SELECT r.content || '' AS text OFFSET 0) t OFFSET 0) x`,
  };
}
const caselessText = (text: string) => text === text.toUpperCase();

/**
 * The ideas whose own words miss the query but one of whose 批注 has every word (migration 045's
 * index): found as the idea, with that 批注 as its `original_content`, so the snippet shows it.
 */
const ideasByAnnotation = `SELECT 'idea', i.id, i.title, i.content, '批注：' || a.content, i.tags, i.created_at, a.rank
         FROM (SELECT DISTINCT ON (idea_id) idea_id, content, ts_rank(search, $2::tsquery) AS rank
           FROM annotations WHERE user_id = $1 AND search @@ $2::tsquery
           ORDER BY idea_id, rank DESC, created_at) a
         JOIN ideas i ON i.id = a.idea_id AND i.user_id = $1
         WHERE NOT i.search @@ $2::tsquery`;

/**
 * Every query word (`tsquery`, AND) against the GIN-indexed tsvector, ranked by ts_rank (title and
 * tags weigh most). Not prepared: a generic plan cannot know how common the words are, and could
 * walk all of a large account's rows for a rare one.
 */
export async function wordMatches(
  db: Queryable,
  userId: string,
  q: { tsquery: string; anchor: string },
  limit: number,
): Promise<SearchRow[]> {
  const excerpt = excerptOf("$4", caselessText(q.anchor));
  const { rows } = await db.query<SearchRow>({
    text: `SELECT r.type, r.id, r.title, ${excerpt.columns}, r.original_content, r.tags, r.created_at
       FROM (
         SELECT 'idea' AS type, id, title, content, original_content, tags, created_at, ts_rank(search, $2::tsquery) AS rank
         FROM ideas WHERE user_id = $1 AND search @@ $2::tsquery
         UNION ALL
         ${ideasByAnnotation}
         UNION ALL
         SELECT 'note', id, title, content, '', tags, created_at, ts_rank(search, $2::tsquery)
         FROM notes WHERE user_id = $1 AND search @@ $2::tsquery
         ORDER BY rank DESC, created_at DESC, id DESC LIMIT $3
       ) r ${excerpt.join} ORDER BY r.rank DESC, r.created_at DESC, r.id DESC`,
    values: [userId, q.tsquery, limit, q.anchor],
  });
  return rows;
}

/**
 * The rows whose text contains every one of `parts` (a query's space-separated parts; each part as
 * one of its forms: itself, and its 简体 when typed in 繁体), each in any of the row's texts,
 * ignoring case, newest first, except those in `seen`: it finds coined words the segmenter splits
 * differently (断舍离, product names; 下雨 inside 下雨天) that word matching misses. It reads all of
 * the user's rows. The excerpt of a long note is cut around the first form of the first part.
 */
export async function substringMatches(
  db: Queryable,
  userId: string,
  parts: string[][],
  seen: string[],
  limit: number,
): Promise<SearchRow[]> {
  const forms = parts.map((p) => [...new Set(p.map((f) => f.toLowerCase()))]);
  // lower() of every row is most of this scan's cost; a needle without cased letters (Chinese)
  // is found in lower(x) exactly where it is found in x, so it compares the rows as they are.
  const caseless = parts.flat().every((q) => q.toLowerCase() === q.toUpperCase());
  const hay = (column: string) => (caseless ? column : `lower(${column})`);
  const values: unknown[] = [userId, forms[0]?.[0] ?? "", seen, limit];
  const params = forms.map((p) =>
    p.map((form, i) => (i === 0 && p === forms[0] ? "$2" : `$${values.push(form)}`)),
  );
  const has = (column: string, part: string[]) =>
    part.length === 1
      ? `strpos(${hay(column)}, ${part[0]}) > 0`
      : `(${part.map((p) => `strpos(${hay(column)}, ${p}) > 0`).join(" OR ")})`;
  const inTags = (part: string[]) => `(cardinality(tags) > 0 AND ${has("array_to_string(tags, ' ')", part)})`;
  const everyPart = (anyField: (part: string[]) => string) =>
    params.map((part) => (params.length === 1 ? anyField(part) : `(${anyField(part)})`)).join(" AND ");
  const inIdea = (part: string[]) =>
    `${has("content", part)} OR ${has("title", part)} OR (original_content <> content AND ${has("original_content", part)}) OR ${inTags(part)}`;
  const inNote = (part: string[]) => `${has("content", part)} OR ${has("title", part)} OR ${inTags(part)}`;
  const excerpt = excerptOf("$2", caseless);
  const { rows } = await db.query<SearchRow>({
    name: `search-substring-${caseless ? "" : "lower-"}${forms.map((p) => p.length).join("-")}`,
    text: `SELECT r.type, r.id, r.title, ${excerpt.columns}, r.original_content, r.tags, r.created_at
     FROM (
       SELECT 'idea' AS type, id, title, content, original_content, tags, created_at FROM ideas
       WHERE user_id = $1 AND id <> ALL($3::uuid[]) AND (${everyPart(inIdea)})
       UNION ALL
       SELECT 'note', id, title, content, '', tags, created_at FROM notes
       WHERE user_id = $1 AND id <> ALL($3::uuid[]) AND (${everyPart(inNote)})
       ORDER BY created_at DESC, id DESC LIMIT $4
     ) r ${excerpt.join} ORDER BY r.created_at DESC, r.id DESC`,
    values,
  });
  return rows;
}

/** The user's items among `refs` (found by meaning), each with the start of its text. */
export async function rowsByIds(db: Queryable, userId: string, refs: ItemRef[]): Promise<SearchRow[]> {
  const ids = (type: ItemRef["type"]) => refs.filter((r) => r.type === type).map((r) => r.id);
  const { rows } = await db.query<SearchRow>({
    name: "search-by-ids",
    text: `SELECT 'idea' AS type, id, title, left(content, ${EXCERPT}) AS content, 0 AS content_from,
         char_length(content) AS content_length, original_content, tags, created_at
       FROM ideas WHERE user_id = $1 AND id = ANY($2::uuid[])
       UNION ALL
       SELECT 'note', id, title, left(content, ${EXCERPT}), 0, char_length(content), '', tags, created_at
       FROM notes WHERE user_id = $1 AND id = ANY($3::uuid[])`,
    values: [userId, ids("idea"), ids("note")],
  });
  return rows;
}

/**
 * SQL: one of the ideas `ids` (an SQL array) is marked 不让AI读取 — in its table, or in 回收站,
 * where a deleted idea keeps its mark: deleting an idea does not lift what it asked.
 */
export const anyExcludedIdea = (ids: string) =>
  `(EXISTS (SELECT 1 FROM ideas x WHERE x.id = ANY(${ids}) AND x.ai_excluded)
    OR EXISTS (SELECT 1 FROM trash t WHERE t.id = ANY(${ids}) AND t.type = 'idea'
               AND (t.item -> 'idea' ->> 'ai_excluded')::boolean))`;

/**
 * SQL: the note `n` (an alias of notes) was written from an idea now marked 不让AI读取. It may
 * quote that idea, so no model reads it either, while the mark stays.
 */
export const noteFromExcludedIdea = (n: string) => anyExcludedIdea(`${n}.source_idea_ids`);

/** What the assistant may read of an idea or note. */
export type SourceRow = {
  type: "idea" | "note";
  id: string;
  title: string;
  content: string;
  created_at: Date;
};

/** Created within [from, to): a question's time range (上个月 …); null for any time. */
export type CreatedWithin = { from: Date; to: Date } | null;
const within = (from: string, to: string) =>
  `(${from}::timestamptz IS NULL OR (created_at >= ${from}::timestamptz AND created_at < ${to}::timestamptz))`;

/**
 * Any of the question's words (`tsquery`, OR), ranked, never an idea marked 不让AI读取 nor a note
 * written from one, except the items in `skip`, created in `range` when there is one. An idea whose
 * own words miss but one of whose 批注 holds one is found too, ranked by its best 批注.
 */
export async function rankedSources(
  db: Queryable,
  userId: string,
  tsquery: string,
  limit: number,
  skip: string[],
  range: CreatedWithin = null,
): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>({
    text: `SELECT type, id, title, content, created_at FROM (
       SELECT 'idea' AS type, id, title, content, created_at, ts_rank(search, $2::tsquery) AS rank
       FROM ideas WHERE user_id = $1 AND NOT ai_excluded AND search @@ $2::tsquery AND id <> ALL($4::uuid[])
         AND ${within("$5", "$6")}
       UNION ALL
       SELECT 'idea', id, title, content, created_at, a.rank
       FROM ideas JOIN (SELECT idea_id, max(ts_rank(search, $2::tsquery)) AS rank
           FROM annotations WHERE user_id = $1 AND search @@ $2::tsquery GROUP BY idea_id) a ON a.idea_id = ideas.id
       WHERE user_id = $1 AND NOT ai_excluded AND NOT search @@ $2::tsquery AND id <> ALL($4::uuid[])
         AND ${within("$5", "$6")}
       UNION ALL
       SELECT 'note', id, title, content, created_at, ts_rank(search, $2::tsquery)
       FROM notes WHERE user_id = $1 AND search @@ $2::tsquery AND id <> ALL($4::uuid[])
         AND ${within("$5", "$6")} AND NOT ${noteFromExcludedIdea("notes")}
     ) r ORDER BY rank DESC, created_at DESC LIMIT $3`,
    values: [userId, tsquery, limit, skip, range?.from ?? null, range?.to ?? null],
  });
  return rows;
}

/**
 * The newest ideas and notes, never an idea marked 不让AI读取 nor a note written from one, except
 * the items in `skip`, created in `range` when there is one.
 */
export async function newestSources(
  db: Queryable,
  userId: string,
  limit: number,
  skip: string[],
  range: CreatedWithin = null,
): Promise<SourceRow[]> {
  // a range reads backwards from its end through the (user_id, created_at) index
  const { rows } = await db.query<SourceRow>({
    name: "grounding-recent",
    text: `SELECT * FROM (
       (SELECT 'idea' AS type, id, title, content, created_at FROM ideas
        WHERE user_id = $1 AND NOT ai_excluded AND id <> ALL($3::uuid[]) AND ${within("$4", "$5")}
        ORDER BY created_at DESC LIMIT $2)
       UNION ALL
       (SELECT 'note', id, title, content, created_at FROM notes
        WHERE user_id = $1 AND id <> ALL($3::uuid[]) AND ${within("$4", "$5")} AND NOT ${noteFromExcludedIdea("notes")}
        ORDER BY created_at DESC LIMIT $2)
     ) r ORDER BY created_at DESC LIMIT $2`,
    values: [userId, limit, skip, range?.from ?? null, range?.to ?? null],
  });
  return rows;
}

/** The items `refs` (found by meaning) the assistant may read: never 不让AI读取 nor a note written from one. */
export async function sourcesByIds(db: Queryable, userId: string, refs: ItemRef[]): Promise<SourceRow[]> {
  const ids = (type: ItemRef["type"]) => refs.filter((r) => r.type === type).map((r) => r.id);
  const { rows } = await db.query<SourceRow>({
    name: "grounding-by-ids",
    text: `SELECT 'idea' AS type, id, title, content, created_at FROM ideas
       WHERE user_id = $1 AND id = ANY($2::uuid[]) AND NOT ai_excluded
       UNION ALL
       SELECT 'note', id, title, content, created_at FROM notes
       WHERE user_id = $1 AND id = ANY($3::uuid[]) AND NOT ${noteFromExcludedIdea("notes")}`,
    values: [userId, ids("idea"), ids("note")],
  });
  return rows;
}

/** A side chat's subject, unless it is an idea marked 不让AI读取, a note written from one, or not the user's. */
export async function subjectSource(
  db: Queryable,
  userId: string,
  subject: ItemRef,
): Promise<SourceRow | undefined> {
  const table = subject.type === "idea" ? "ideas" : "notes";
  const guard = subject.type === "idea" ? "AND NOT ai_excluded" : `AND NOT ${noteFromExcludedIdea("notes")}`;
  const { rows } = await db.query<SourceRow>({
    name: `grounding-subject-${subject.type}`,
    text: `SELECT $3::text AS type, id, title, content, created_at FROM ${table} WHERE id = $1 AND user_id = $2 ${guard}`,
    values: [subject.id, userId, subject.type],
  });
  return rows[0];
}

/** An item as an outside AI tool (MCP) may read it: its start, its length, its tags and times. */
export type ReadableRow = {
  type: "idea" | "note";
  id: string;
  title: string;
  /** The first `chars` characters of its text. */
  content: string;
  content_length: number;
  tags: string[];
  created_at: Date;
  updated_at: Date;
};

/** Which items: these ids (either type), of a type, under a tag (or a tag below it), created in [from, to). */
export type ReadableFilter = {
  ids?: string[] | undefined;
  type?: "idea" | "note" | undefined;
  tag?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

/**
 * The user's items matching `filter` that an AI may read (never an idea marked 不让AI读取 nor a
 * note written from one), newest first, at most `limit`, each text cut to `chars` characters.
 * Not prepared: with or without ids, the planner picks the index by the values given.
 */
export async function readableItems(
  db: Queryable,
  userId: string,
  filter: ReadableFilter,
  limit: number,
  chars: number,
): Promise<ReadableRow[]> {
  const where = `user_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
    AND ($3::text IS NULL OR tag_paths @> ARRAY[$3::text])
    AND ($4::timestamptz IS NULL OR created_at >= $4::timestamptz)
    AND ($5::timestamptz IS NULL OR created_at < $5::timestamptz)`;
  const { rows } = await db.query<ReadableRow>({
    text: `SELECT * FROM (
       (SELECT 'idea' AS type, id, title, left(content, $7) AS content, char_length(content) AS content_length,
          tags, created_at, updated_at
        FROM ideas WHERE ${where} AND NOT ai_excluded AND $6::text IS DISTINCT FROM 'note'
        ORDER BY created_at DESC, id DESC LIMIT $8)
       UNION ALL
       (SELECT 'note', id, title, left(content, $7), char_length(content), tags, created_at, updated_at
        FROM notes WHERE ${where} AND $6::text IS DISTINCT FROM 'idea' AND NOT ${noteFromExcludedIdea("notes")}
        ORDER BY created_at DESC, id DESC LIMIT $8)
     ) r ORDER BY created_at DESC, id DESC LIMIT $8`,
    values: [
      userId,
      filter.ids ?? null,
      filter.tag ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.type ?? null,
      chars,
      limit,
    ],
  });
  return rows;
}

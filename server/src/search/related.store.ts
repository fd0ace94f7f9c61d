/**
 * The reads of 相关内容 (search/related.ts): an item's own words, how many of the person's items
 * hold each (term_stats, migration 022), and the items that share the strongest of them.
 */
import type { ItemRef } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";

export type ItemTerm = {
  lexeme: string;
  /** How often it stands in the item, 2 more when in its title or tags. */
  weight: number;
  /** Items of the person holding it, as last counted (1 when it is not kept: a word written once). */
  docs: number;
};

export type TermStatsState = { items: number; counted: number | null; ageDays: number | null };

/**
 * The item's words with their weights and counts, the most telling first (weight, damped, times
 * rarity among the person's items), at most `limit`, without the words in `skip`; null when the
 * item is not the person's. A long note's search vector holds thousands of words: they are weighed
 * and cut in PostgreSQL, not sent.
 */
export async function itemTerms(
  db: Queryable,
  userId: string,
  item: ItemRef,
  skip: string[],
  limit: number,
): Promise<ItemTerm[] | null> {
  const table = item.type === "idea" ? "ideas" : "notes";
  const { rows } = await db.query<{ lexeme: string | null; weight: number; docs: number }>({
    name: `related-terms-${item.type}`,
    text: `SELECT t.lexeme, t.weight, t.docs
       FROM (SELECT search FROM ${table} WHERE id = $1 AND user_id = $2) i
       CROSS JOIN (SELECT greatest(1, coalesce((SELECT items FROM user_usage WHERE user_id = $2), 0))::float8 AS items) n
       LEFT JOIN LATERAL (
         SELECT u.lexeme, w.weight, coalesce(s.docs, 1) AS docs
         FROM unnest(i.search) u
         -- occurrences, and 2 more when in the title or tags: summing a weight per position read up to
         -- 255 of them per word of a long note
         CROSS JOIN LATERAL (SELECT (cardinality(u.weights)
                                     + CASE WHEN 'A' = ANY (u.weights) THEN 2 ELSE 0 END)::float8 AS weight) w
         LEFT JOIN term_stats s ON s.user_id = $2 AND s.lexeme = u.lexeme
         -- a word only ever of weight D is the pinyin of a title or tag (yd, yuedu for 阅读), no
         -- word the person wrote: the Chinese word it spells is shared already
         WHERE u.lexeme <> ALL($3::text[]) AND NOT 'D' = ALL(u.weights)
         ORDER BY ln(1 + w.weight) * ln(1 + n.items / coalesce(s.docs, 1)) DESC, u.lexeme
         LIMIT $4) t ON true`,
    values: [item.id, userId, skip, limit],
  });
  if (rows.length === 0) return null;
  return rows.flatMap((r) =>
    r.lexeme === null ? [] : [{ lexeme: r.lexeme, weight: r.weight, docs: r.docs }],
  );
}

/** The person's items now, and as they were when term_stats was last counted, and how long ago. */
export async function termStatsState(db: Queryable, userId: string): Promise<TermStatsState> {
  const { rows } = await db.query<{ items: string | null; counted: number | null; age: number | null }>({
    name: "related-stats-state",
    text: `SELECT (SELECT items FROM user_usage WHERE user_id = $1) AS items, s.items AS counted,
         extract(epoch FROM now() - s.computed_at)::float8 / 86400 AS age
       FROM (SELECT 1) one LEFT JOIN term_stats_state s ON s.user_id = $1`,
    values: [userId],
  });
  const r = rows[0];
  return { items: Number(r?.items ?? 0), counted: r?.counted ?? null, ageDays: r?.age ?? null };
}

/**
 * Counts again, from the rows, in how many of the person's items each word stands (ts_stat), and
 * keeps those in two or more. Skipped (false) while another process or request is at it.
 */
export async function recountTermStats(db: Db, userId: string): Promise<boolean> {
  return tx(db, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_xact_lock(hashtext('term_stats'), hashtext($1)) AS locked",
      [userId],
    );
    if (!rows[0]?.locked) return false;
    await client.query("DELETE FROM term_stats WHERE user_id = $1", [userId]);
    // ts_stat takes the rows' query as text: the id goes in as a quoted literal (format %L)
    await client.query(
      `INSERT INTO term_stats (user_id, lexeme, docs)
       SELECT $1::uuid, word, ndoc FROM ts_stat(format(
         'SELECT search FROM ideas WHERE user_id = %L UNION ALL SELECT search FROM notes WHERE user_id = %L',
         $1::text, $1::text)) WHERE ndoc > 1`,
      [userId],
    );
    await client.query(
      `INSERT INTO term_stats_state (user_id, items, computed_at)
       SELECT $1::uuid, coalesce((SELECT items FROM user_usage WHERE user_id = $1::uuid), 0), now()
       ON CONFLICT (user_id) DO UPDATE SET items = excluded.items, computed_at = excluded.computed_at`,
      [userId],
    );
    return true;
  });
}

export type CandidateRow = {
  type: "idea" | "note";
  id: string;
  title: string;
  /** The start of its text. */
  head: string;
  created_at: Date;
  /** Which of the asked words it holds (1-based, as in `tsqueries`). */
  hits: number[];
  tags: string[];
  /** What the shared words are worth, damped for a long text. */
  score: number;
};

/**
 * The person's `limit` other items sharing the most worth of `tsqueries` (each word worth its
 * `values` entry, half as much again in a title or tag, a long text damped: it shares words by
 * chance), best first. Candidates come
 * through the search index in two scans a table (one scan per word cost an index scan of all the
 * person's rows each, to intersect): every item holding a rare word, and a sample of those holding
 * a common one. Only the chosen rows' texts are read.
 */
export async function bestSharing(
  db: Queryable,
  userId: string,
  item: ItemRef,
  words: { tsqueries: string[]; values: number[] },
  pools: Pools,
  caps: { rare: number; common: number },
  limit: number,
): Promise<CandidateRow[]> {
  const { rows } = await db.query<CandidateRow>(bestSharingQuery(userId, item, words, pools, caps, limit));
  return rows;
}

/** Where candidates come from: any of the rare words (all their items), any of the common ones (a sample). */
export type Pools = { rare: string | null; common: string | null };

/** bestSharing's statement (the benchmark prints its plan). */
export function bestSharingQuery(
  userId: string,
  item: ItemRef,
  words: { tsqueries: string[]; values: number[] },
  pools: Pools,
  caps: { rare: number; common: number },
  limit: number,
) {
  // the scans hand on each row's words and time: looking the rows up again cost ~0.3 ms a row
  const scan = (table: string, type: string, pool: string, cap: string) =>
    `(SELECT '${type}' AS type, id, created_at, search FROM ${table}
      WHERE user_id = $1 AND search @@ ${pool}::tsquery AND id <> $4 LIMIT ${cap})`;
  return {
    // qa: the word in a title or tag (weight A), where it says what the item is about
    // q: the word as written (weights A to C), never as another item's pinyin (weight D)
    text: `WITH q AS (SELECT (x.q::text || ':ABC')::tsquery AS q, (x.q::text || ':A')::tsquery AS qa, v, i
                FROM unnest($2::tsquery[], $3::float8[]) WITH ORDINALITY AS x(q, v, i)),
       found AS (
         SELECT DISTINCT ON (type, id) * FROM (
           ${scan("ideas", "idea", "$5", "$6")} UNION ALL ${scan("notes", "note", "$5", "$6")}
           UNION ALL ${scan("ideas", "idea", "$7", "$8")} UNION ALL ${scan("notes", "note", "$7", "$8")}) f
         ORDER BY type, id),
       best AS (
         SELECT found.type, found.id, found.created_at, s.hits, s.score FROM found CROSS JOIN LATERAL (
           SELECT array_agg(q.i ORDER BY q.i)::int[] AS hits,
             sum(q.v * CASE WHEN found.search @@ q.qa THEN 1.5 ELSE 1 END)
               / (1 + 0.3 * ln(1 + length(found.search) / 100.0)) AS score
           FROM q WHERE found.search @@ q.q) s
         WHERE s.hits IS NOT NULL ORDER BY s.score DESC, found.created_at DESC, found.id LIMIT $9)
       SELECT b.type, b.id, i.title, left(i.content, 200) AS head, b.created_at, b.hits, b.score, i.tags
       FROM best b JOIN ideas i ON i.id = b.id WHERE b.type = 'idea'
       UNION ALL
       SELECT b.type, b.id, n.title, left(n.content, 200), b.created_at, b.hits, b.score, n.tags
       FROM best b JOIN notes n ON n.id = b.id WHERE b.type = 'note'
       ORDER BY score DESC, created_at DESC, id`,
    values: [
      userId,
      words.tsqueries,
      words.values,
      item.id,
      pools.rare,
      caps.rare,
      pools.common,
      caps.common,
      limit,
    ],
  };
}

/** How many of the person's items hold each of the words, as last counted (1 when not kept). */
export async function termDocs(
  db: Queryable,
  userId: string,
  lexemes: string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ lexeme: string; docs: number }>({
    name: "similar-term-docs",
    text: "SELECT lexeme, docs FROM term_stats WHERE user_id = $1 AND lexeme = ANY($2::text[])",
    values: [userId, lexemes],
  });
  return new Map(rows.map((r) => [r.lexeme, r.docs]));
}

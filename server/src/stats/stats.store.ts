import type { StatsTag } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

/**
 * 统计's counts (migration 043): capture_days per user and Beijing day, capture_tag_months per
 * user, Beijing month and tag, both kept by triggers on ideas and notes.
 */

/** The days from `from` through `to` (YYYY-MM-DD) with at least one capture, oldest first. */
export async function captureDays(db: Queryable, userId: string, from: string, to: string) {
  const { rows } = await db.query<{ date: string; count: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS date, count FROM capture_days
     WHERE user_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
    [userId, from, to],
  );
  return rows;
}

/** How many consecutive days with a capture end on `last` (0 when it has none). */
export async function streakEnding(db: Queryable, userId: string, last: string): Promise<number> {
  // the n-th day back from `last` is `last` - (n - 1) while the run lasts, and earlier after a gap
  const { rows } = await db.query<{ streak: number }>(
    `SELECT count(*)::int AS streak FROM (
       SELECT day, row_number() OVER (ORDER BY day DESC) AS n FROM capture_days
       WHERE user_id = $1 AND day <= $2 AND count > 0) x
     WHERE day = $2::date - (n - 1)::int`,
    [userId, last],
  );
  return rows[0]?.streak ?? 0;
}

/**
 * The `limit` tags most used in the captures from `fromMonth` (a 1st) to `today`'s month (an import
 * may date items later), the most used first, ties by tag.
 */
export async function topTags(
  db: Queryable,
  userId: string,
  fromMonth: string,
  today: string,
  limit: number,
): Promise<StatsTag[]> {
  const { rows } = await db.query<StatsTag>(
    `SELECT tag, sum(count)::int AS count FROM capture_tag_months
     WHERE user_id = $1 AND month >= $2 AND month <= date_trunc('month', $4::date)::date
     GROUP BY tag HAVING sum(count) > 0 ORDER BY count DESC, tag COLLATE "C" LIMIT $3`,
    [userId, fromMonth, limit, today],
  );
  return rows;
}

/**
 * What was captured from `from` up to `to` (instants): ideas and notes, and the `tags` most used
 * (ties by tag). The tags of an idea marked 不让AI读取 are not among them: a digest the person lets
 * the assistant read must not hand them over.
 */
export async function capturedBetween(db: Queryable, userId: string, from: Date, to: Date, tags: number) {
  const { rows } = await db.query<{ ideas: number; notes: number; top: StatsTag[] | null }>(
    `WITH i AS (SELECT tags, ai_excluded FROM ideas WHERE user_id = $1 AND created_at >= $2 AND created_at < $3),
          n AS (SELECT tags FROM notes WHERE user_id = $1 AND created_at >= $2 AND created_at < $3)
     SELECT (SELECT count(*)::int FROM i) AS ideas, (SELECT count(*)::int FROM n) AS notes,
       (SELECT json_agg(json_build_object('tag', tag, 'count', count)) FROM (
          SELECT tag, count(*)::int AS count FROM (SELECT unnest(tags) AS tag FROM i WHERE NOT ai_excluded
            UNION ALL SELECT unnest(tags) FROM n) t
          GROUP BY tag ORDER BY count DESC, tag COLLATE "C" LIMIT $4) x) AS top`,
    [userId, from, to, tags],
  );
  const r = rows[0]!;
  return { ideas: r.ideas, notes: r.notes, tags: r.top ?? [] };
}

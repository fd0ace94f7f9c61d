/**
 * Password checks and registrations in progress or failed (login_failures), one row per throttle
 * key; the throttle's rule is services/login-throttle.ts.
 */
import type { Queryable } from "../db/pool.ts";

/** One row per key, committed at once; rows older than a day are purged on the way. Their ids. */
export async function recordAttempts(db: Queryable, keys: string[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH purge AS (DELETE FROM login_failures WHERE failed_at < now() - interval '1 day')
     INSERT INTO login_failures (key) SELECT unnest($1::text[]) RETURNING id`,
    [keys],
  );
  return rows.map((r) => r.id);
}

/**
 * Per key, the attempts within the last `windowMinutes`, and when the `max`-th most recent of
 * those other than `ownIds` leaves the window (retry_at).
 */
export async function attemptsInWindow(
  db: Queryable,
  keys: string[],
  windowMinutes: number,
  ownIds: number[],
  max: number,
): Promise<{ n: number; retry_at: Date | null }[]> {
  const { rows } = await db.query<{ n: number; retry_at: Date | null }>(
    `SELECT count(*)::int AS n,
            (array_agg(failed_at ORDER BY failed_at DESC) FILTER (WHERE id <> ALL($3::bigint[])))[$4]
              + make_interval(mins => $2) AS retry_at
     FROM login_failures WHERE key = ANY($1) AND failed_at > now() - make_interval(mins => $2)
     GROUP BY key`,
    [keys, windowMinutes, ownIds, max],
  );
  return rows;
}

/** Removes these attempts, and with `key` every earlier one of that key too. */
export async function forgetAttempts(db: Queryable, ids: number[], key?: string): Promise<void> {
  if (key === undefined) await db.query("DELETE FROM login_failures WHERE id = ANY($1::bigint[])", [ids]);
  else await db.query("DELETE FROM login_failures WHERE id = ANY($1::bigint[]) OR key = $2", [ids, key]);
}

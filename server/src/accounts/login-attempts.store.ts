/**
 * Password checks and registrations in progress or failed (login_failures), one row per throttle
 * key; the throttle's rules are accounts/login-throttle.ts.
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

/** A key, how far back it counts, and how many attempts that window allows. */
export type WindowLimit = { key: string; windowMinutes: number; max: number };

/**
 * Per limit that has attempts in its window: how many (own ones included), and in how many
 * seconds the `max`-th most recent of those other than `ownIds` leaves the window (null when
 * there are fewer). Seconds by the database's clock, so the servers' clocks do not matter.
 */
export async function attemptsInWindows(
  db: Queryable,
  limits: WindowLimit[],
  ownIds: number[],
): Promise<{ key: string; n: number; retry_in: number | null }[]> {
  const { rows } = await db.query<{ key: string; n: number; retry_in: number | null }>(
    `SELECT l.key, count(*)::int AS n,
            extract(epoch FROM
              (array_agg(f.failed_at ORDER BY f.failed_at DESC) FILTER (WHERE f.id <> ALL($4::bigint[])))[l.max]
              + make_interval(mins => l.mins) - now())::float8 AS retry_in
     FROM unnest($1::text[], $2::int[], $3::int[]) AS l(key, mins, max)
     JOIN login_failures f ON f.key = l.key AND f.failed_at > now() - make_interval(mins => l.mins)
     GROUP BY l.key, l.mins, l.max`,
    [limits.map((l) => l.key), limits.map((l) => l.windowMinutes), limits.map((l) => l.max), ownIds],
  );
  return rows;
}

/**
 * Within the last `windowMinutes`, other than `ownIds`: how many attempts `accountKey` has, and
 * how many seconds ago `pairKey` (this client on this account) last had one (null: none).
 */
export async function accountPressure(
  db: Queryable,
  keys: { accountKey: string; pairKey: string },
  windowMinutes: number,
  ownIds: number[],
): Promise<{ failures: number; sinceClientFailure: number | null }> {
  const { rows } = await db.query<{ failures: number; since_client_failure: number | null }>(
    `SELECT count(*) FILTER (WHERE key = $1)::int AS failures,
            extract(epoch FROM now() - max(failed_at) FILTER (WHERE key = $2))::float8 AS since_client_failure
     FROM login_failures
     WHERE key IN ($1, $2) AND failed_at > now() - make_interval(mins => $3) AND id <> ALL($4::bigint[])`,
    [keys.accountKey, keys.pairKey, windowMinutes, ownIds],
  );
  return { failures: rows[0]?.failures ?? 0, sinceClientFailure: rows[0]?.since_client_failure ?? null };
}

/** Removes these attempts, and with `key` every earlier one of that key too. */
export async function forgetAttempts(db: Queryable, ids: number[], key?: string): Promise<void> {
  if (key === undefined) await db.query("DELETE FROM login_failures WHERE id = ANY($1::bigint[])", [ids]);
  else await db.query("DELETE FROM login_failures WHERE id = ANY($1::bigint[]) OR key = $2", [ids, key]);
}

/**
 * Every sign-in failure on the user's account (`account:<account>`, and each client's
 * `pair:<client> <account>`): after a password reset the old guesses test nothing.
 */
export async function forgetAccountFailures(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `DELETE FROM login_failures f USING users u
     WHERE u.id = $1
       AND (f.key = 'account:' || u.account
            OR (f.key LIKE 'pair:%' AND right(f.key, length(u.account) + 1) = ' ' || u.account))`,
    [userId],
  );
}

import type { Queryable } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { retryAfterHeader } from "../lib/retry.ts";

const MAX_FAILURES = 5;
const WINDOW_MINUTES = 15;

/** A password check in progress: its rows in login_failures, one per key. */
export type Attempt = { ids: number[]; accountKey: string };

export const throttleKeys = (account: string, ip: string) => [`account:${account}`, `ip:${ip}`];

function retryMessage(retryAt: Date): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 60_000));
  return `登录失败次数过多，请 ${minutes} 分钟后再试`;
}

/**
 * Call before checking a password (login, change password, delete account). Records the attempt
 * for every key first, as its own committed statement, and only then counts the window
 * including it: of N concurrent attempts the k-th to commit sees at least k rows, so at most
 * MAX_FAILURES of them get to check a password; the rest answer 429 with the retry time.
 * A refused attempt removes its rows (it tested nothing, and must not extend the lock).
 * Then call attemptSucceeded on success; on failure the rows stay and count as failures.
 */
export async function beginAttempt(db: Queryable, keys: string[]): Promise<Attempt> {
  const inserted = await db.query<{ id: number }>(
    `WITH purge AS (DELETE FROM login_failures WHERE failed_at < now() - interval '1 day')
     INSERT INTO login_failures (key) SELECT unnest($1::text[]) RETURNING id`,
    [keys],
  );
  const ids = inserted.rows.map((r) => r.id);
  // retry_at: when the MAX_FAILURES-th most recent of the *other* attempts leaves the window.
  const { rows } = await db.query<{ n: number; retry_at: Date | null }>(
    `SELECT count(*)::int AS n,
            (array_agg(failed_at ORDER BY failed_at DESC) FILTER (WHERE id <> ALL($3::bigint[])))[${MAX_FAILURES}]
              + make_interval(mins => $2) AS retry_at
     FROM login_failures WHERE key = ANY($1) AND failed_at > now() - make_interval(mins => $2)
     GROUP BY key`,
    [keys, WINDOW_MINUTES, ids],
  );
  const blocked = rows.filter((r) => r.n > MAX_FAILURES);
  if (blocked.length) {
    await db.query("DELETE FROM login_failures WHERE id = ANY($1::bigint[])", [ids]);
    const times = blocked.map((r) => r.retry_at?.getTime() ?? Date.now() + WINDOW_MINUTES * 60_000);
    const retryAt = new Date(Math.max(...times));
    throw new ApiError("RATE_LIMITED", retryMessage(retryAt), {
      data: { retryAt: retryAt.toISOString() },
      headers: retryAfterHeader(retryAt),
    });
  }
  return { ids, accountKey: keys[0]! };
}

/** The password was right: forget this attempt and the account's earlier failures. */
export async function attemptSucceeded(db: Queryable, attempt: Attempt): Promise<void> {
  await db.query("DELETE FROM login_failures WHERE id = ANY($1::bigint[]) OR key = $2", [
    attempt.ids,
    attempt.accountKey,
  ]);
}

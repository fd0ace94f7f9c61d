import { type Db, type DbClient, type Queryable, tx } from "../db/pool.ts";
import type { Quota } from "../env.ts";

/** What migration 013's triggers raise when a write held to the quota would pass it. */
export const QUOTA_SQLSTATE = "SN403";

/**
 * The account's usage as migration 013's triggers keep it (one row), and the import uploads it has
 * stored and not yet settled (their chunks, at most two uploads' worth: their sizes are read from
 * the rows' headers, not their data). An upload waiting for 开始导入 takes room like what it
 * holds; the import's own batches count against the row alone (lockUsage), so its content is
 * not counted twice against itself.
 */
export async function findUsage(db: Queryable, userId: string): Promise<{ items: number; bytes: number }> {
  const { rows } = await db.query<{ items: number; bytes: number }>({
    name: "usage-find",
    text: `SELECT coalesce(u.items, 0) AS items,
         coalesce(u.bytes, 0) + (SELECT coalesce(sum(octet_length(c.data)), 0)::bigint
           FROM import_jobs j JOIN import_chunks c ON c.job_id = j.id WHERE j.user_id = $1) AS bytes
       FROM (SELECT) one LEFT JOIN user_usage u ON u.user_id = $1`,
    values: [userId],
  });
  return rows[0] ?? { items: 0, bytes: 0 };
}

/**
 * The account's usage with its row locked until the transaction ends, for a writer that counts
 * what it may still add (an import's batch) while no other write of the account moves it.
 */
export async function lockUsage(client: DbClient, userId: string): Promise<{ items: number; bytes: number }> {
  const { rows } = await client.query<{ items: number; bytes: number }>(
    "SELECT items, bytes FROM user_usage WHERE user_id = $1 FOR UPDATE",
    [userId],
  );
  return rows[0] ?? { items: 0, bytes: 0 };
}

/**
 * Holds the rest of this transaction's writes to the quota: at the end of each statement, the
 * usage triggers refuse (SQLSTATE SN403; the transaction is then rolled back) a change that grows
 * a count past its limit. Writes outside such a transaction still count, but are never refused.
 */
export async function holdToQuota(client: DbClient, quota: Quota): Promise<void> {
  if (quota.items === null && quota.bytes === null) return;
  await client.query({
    name: "usage-hold",
    text: "SELECT set_config('shinian.quota_items', $1, true), set_config('shinian.quota_bytes', $2, true)",
    values: quotaValues(quota),
  });
}

/**
 * holdToQuota inside the write's own statement, for the hottest one (capture): a CTE named `held`
 * for its FROM, setting the limits from parameters $first and $first + 1 (`quotaValues`). It is
 * evaluated before any row is written, so the triggers at the end of the statement see it: no
 * BEGIN, extra statement or COMMIT is needed.
 */
export const heldCte = (first: number) =>
  `held AS MATERIALIZED (SELECT set_config('shinian.quota_items', $${first}, true),
     set_config('shinian.quota_bytes', $${first + 1}, true))`;
export const quotaValues = (quota: Quota) => [String(quota.items ?? ""), String(quota.bytes ?? "")];

/** `fn` in one transaction held to the quota. */
export const quotaTx = <T>(db: Db, quota: Quota, fn: (client: DbClient) => Promise<T>): Promise<T> =>
  tx(db, async (client) => {
    await holdToQuota(client, quota);
    return fn(client);
  });

/** Objects to delete from the S3-compatible bucket (migration 028's outbox), and their drain. */
import type { Queryable } from "../db/pool.ts";

/**
 * Records keys an upload is about to put, due `forMs` from now: if its process dies before the
 * attachment's row is inserted (which removes them), the objects are deleted then.
 */
export async function holdObjectKeys(db: Queryable, keys: string[], forMs: number) {
  await db.query(
    `INSERT INTO object_deletions (key, due_at)
     SELECT unnest($1::text[]), now() + make_interval(secs => $2) ON CONFLICT (key) DO NOTHING`,
    [keys, forMs / 1000],
  );
}

/** Makes these keys due now (an upload that failed after putting its objects). */
export async function releaseObjectKeys(db: Queryable, keys: string[]) {
  await db.query("UPDATE object_deletions SET due_at = now() WHERE key = ANY($1::text[])", [keys]);
}

/** Up to `limit` keys whose objects are due to be deleted, oldest first. */
export async function dueObjectKeys(db: Queryable, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ key: string }>(
    "SELECT key FROM object_deletions WHERE due_at <= now() ORDER BY due_at LIMIT $1",
    [limit],
  );
  return rows.map((r) => r.key);
}

/** Forgets keys whose objects are deleted. */
export async function forgetObjectKeys(db: Queryable, keys: string[]) {
  await db.query("DELETE FROM object_deletions WHERE key = ANY($1::text[]) AND due_at <= now()", [keys]);
}

import type { Queryable } from "../db/pool.ts";

export type BucketLimit = { burst: number; perMinute: number };

/**
 * Takes one token from the user's bucket of this kind, refilled at `perMinute` up to `burst`, in
 * one statement (concurrent writes cannot both take the last token). Null when it was taken;
 * otherwise the seconds until a token is there.
 */
export async function takeToken(
  db: Queryable,
  userId: string,
  kind: string,
  limit: BucketLimit,
): Promise<number | null> {
  const perSecond = limit.perMinute / 60;
  const { rows } = await db.query<{ taken: boolean; tokens: number }>({
    name: "write-bucket-take",
    text: `WITH refilled AS (
         SELECT LEAST($3::float8, tokens + extract(epoch FROM now() - updated_at) * $4::float8) AS tokens
         FROM write_buckets WHERE user_id = $1 AND kind = $2),
       taken AS (
         INSERT INTO write_buckets (user_id, kind, tokens) VALUES ($1, $2, $3::float8 - 1)
         ON CONFLICT (user_id, kind) DO UPDATE
           SET tokens = LEAST($3::float8, write_buckets.tokens + extract(epoch FROM now() - write_buckets.updated_at) * $4::float8) - 1,
               updated_at = now()
           WHERE LEAST($3::float8, write_buckets.tokens + extract(epoch FROM now() - write_buckets.updated_at) * $4::float8) >= 1
         RETURNING tokens)
       SELECT EXISTS (SELECT 1 FROM taken) AS taken, COALESCE((SELECT tokens FROM refilled), $3::float8) AS tokens`,
    values: [userId, kind, limit.burst, perSecond],
  });
  const row = rows[0]!;
  if (row.taken) return null;
  return Math.max(1, Math.ceil((1 - row.tokens) / perSecond));
}

/** One-time password reset links (password_resets): only a token's sha256 is stored. */
import type { Queryable } from "../db/pool.ts";

/** The account's one live link, replacing any earlier one. */
export async function putPasswordReset(
  db: Queryable,
  userId: string,
  tokenHash: Buffer,
  ttlMs: number,
): Promise<Date> {
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO password_resets (user_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))
     ON CONFLICT (user_id) DO UPDATE
       SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at, created_at = now()
     RETURNING expires_at`,
    [userId, tokenHash, ttlMs / 1000],
  );
  return rows[0]!.expires_at;
}

/** Whose live link this is; null when there is none (unknown, used or expired). */
export async function findPasswordReset(db: Queryable, tokenHash: Buffer): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    "SELECT user_id FROM password_resets WHERE token_hash = $1 AND expires_at > now()",
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

/** Uses the link up: the account's id when it was still live, else null (another request used it). */
export async function takePasswordReset(db: Queryable, tokenHash: Buffer): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    "DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > now() RETURNING user_id",
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

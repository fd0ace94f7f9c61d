import { randomBytes } from "node:crypto";
import { CAPTURE_TOKEN_LIMIT, CAPTURE_TOKEN_PREFIX, type CaptureToken } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { hashToken } from "../lib/token-hash.ts";

type CaptureTokenRow = { id: string; name: string; created_at: Date; last_used_at: Date | null };

const COLUMNS = "id, name, created_at, last_used_at";

const toCaptureToken = (r: CaptureTokenRow): CaptureToken => ({
  id: r.id,
  name: r.name,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
});

export const isCaptureToken = (token: string) => token.startsWith(CAPTURE_TOKEN_PREFIX);

/**
 * A new token: 256 random bits behind a recognizable prefix, only its sha256 stored. The user's
 * row is locked while counting, so concurrent requests cannot go past the limit together.
 */
export async function createCaptureToken(
  db: Db,
  userId: string,
  name: string,
): Promise<CaptureToken & { token: string }> {
  const token = CAPTURE_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await tx(db, async (client) => {
    await client.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM capture_tokens WHERE user_id = $1",
      [userId],
    );
    if (rows[0]!.n >= CAPTURE_TOKEN_LIMIT) {
      throw new ApiError(
        "VALIDATION_ERROR",
        `记录令牌最多 ${CAPTURE_TOKEN_LIMIT} 个，请先吊销不再使用的令牌`,
      );
    }
    const created = await client.query<CaptureTokenRow>(
      `INSERT INTO capture_tokens (user_id, name, token_hash) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [userId, name, hashToken(token)],
    );
    return created.rows[0]!;
  });
  return { ...toCaptureToken(row), token };
}

export async function listCaptureTokens(db: Queryable, userId: string): Promise<CaptureToken[]> {
  const { rows } = await db.query<CaptureTokenRow>(
    `SELECT ${COLUMNS} FROM capture_tokens WHERE user_id = $1 ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows.map(toCaptureToken);
}

/** False when the token is not one of the user's (unknown, foreign or already revoked). */
export async function revokeCaptureToken(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM capture_tokens WHERE id = $1 AND user_id = $2", [
    id,
    userId,
  ]);
  return Boolean(rowCount);
}

export async function revokeAllCaptureTokens(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM capture_tokens WHERE user_id = $1", [userId]);
}

/**
 * The live token behind `token`, or null. With `touch` its last use is recorded, at most once a
 * minute and in the same round trip (like a session's sliding expiry), so that a burst of captures
 * costs no extra writes; a refused use is not a use.
 */
export async function findCaptureToken(
  db: Queryable,
  token: string,
  touch: boolean,
): Promise<{ id: string; userId: string } | null> {
  const { rows } = await db.query<{ id: string; user_id: string }>({
    name: "auth-capture",
    text: `WITH t AS (SELECT id, user_id, last_used_at FROM capture_tokens WHERE token_hash = $1),
     touch AS (
       UPDATE capture_tokens SET last_used_at = now()
       FROM t WHERE $2 AND capture_tokens.id = t.id
         AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '60 seconds'))
     SELECT id, user_id FROM t`,
    values: [hashToken(token), touch],
  });
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id } : null;
}

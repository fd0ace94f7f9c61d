import { randomBytes } from "node:crypto";
import {
  ACCESS_TOKEN_LIMIT,
  ACCESS_TOKEN_PREFIX,
  type AccessToken,
  CAPTURE_TOKEN_PREFIX,
  scopeAllows,
  TOKEN_SCOPES,
  type TokenScope,
} from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { hashToken } from "../shared/token-hash.ts";

type AccessTokenRow = {
  id: string;
  name: string;
  scope: TokenScope;
  created_at: Date;
  last_used_at: Date | null;
  last_used_by: string | null;
  expires_at: Date | null;
};

const COLUMNS = "id, name, scope, created_at, last_used_at, last_used_by, expires_at";

const toAccessToken = (r: AccessTokenRow): AccessToken => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  lastUsedBy: r.last_used_by,
  expiresAt: r.expires_at?.toISOString() ?? null,
});

/** A Bearer that is an access token (or a capture token from before them), not a session. */
export const isAccessToken = (token: string) =>
  token.startsWith(ACCESS_TOKEN_PREFIX) || token.startsWith(CAPTURE_TOKEN_PREFIX);

/**
 * A new token: 256 random bits behind a recognizable prefix, only its sha256 stored. The user's
 * row is locked while counting, so concurrent requests cannot go past the limit together.
 */
export async function createAccessToken(
  db: Db,
  userId: string,
  input: { name: string; scope: TokenScope; expiresAt?: string | undefined },
): Promise<AccessToken & { token: string }> {
  const token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const row = await tx(db, async (client) => {
    await client.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId]);
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM access_tokens WHERE user_id = $1",
      [userId],
    );
    if (rows[0]!.n >= ACCESS_TOKEN_LIMIT) {
      throw new ApiError("VALIDATION_ERROR", `访问令牌最多 ${ACCESS_TOKEN_LIMIT} 个，请先吊销不再使用的令牌`);
    }
    const created = await client.query<AccessTokenRow>(
      `INSERT INTO access_tokens (user_id, name, scope, expires_at, token_hash)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [userId, input.name, input.scope, input.expiresAt ?? null, hashToken(token)],
    );
    return created.rows[0]!;
  });
  return { ...toAccessToken(row), token };
}

/** The user's tokens, newest first; `scope` lists one scope only (the older capture-token calls). */
export async function listAccessTokens(
  db: Queryable,
  userId: string,
  scope?: TokenScope,
): Promise<AccessToken[]> {
  const { rows } = await db.query<AccessTokenRow>(
    `SELECT ${COLUMNS} FROM access_tokens WHERE user_id = $1 AND ($2::text IS NULL OR scope = $2)
     ORDER BY created_at DESC, id`,
    [userId, scope ?? null],
  );
  return rows.map(toAccessToken);
}

/** False when the token is not one of the user's (unknown, foreign, already revoked, or not of `scope`). */
export async function revokeAccessToken(
  db: Queryable,
  userId: string,
  id: string,
  scope?: TokenScope,
): Promise<boolean> {
  const { rowCount } = await db.query(
    "DELETE FROM access_tokens WHERE id = $1 AND user_id = $2 AND ($3::text IS NULL OR scope = $3)",
    [id, userId, scope ?? null],
  );
  return Boolean(rowCount);
}

export async function revokeAllAccessTokens(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM access_tokens WHERE user_id = $1", [userId]);
}

export type FoundToken = { id: string; userId: string; scope: TokenScope; autoTidy: boolean };

/**
 * The live (unexpired) token behind `token`, or null. When `use` names what used it, the use is
 * recorded, at most once a minute and in the same round trip (like a session's sliding expiry), so
 * a burst of calls costs no extra writes; a refused use (`use` null) is not a use.
 */
export async function findAccessToken(
  db: Queryable,
  token: string,
  use: { need: TokenScope; by: string } | null,
): Promise<FoundToken | null> {
  const { rows } = await db.query<{ id: string; user_id: string; scope: TokenScope; auto_tidy: boolean }>({
    name: "auth-token",
    text: `WITH t AS (
       SELECT id, user_id, scope, last_used_at FROM access_tokens
       WHERE token_hash = $1 AND (expires_at IS NULL OR expires_at > now())),
     touch AS (
       UPDATE access_tokens SET last_used_at = now(), last_used_by = $3
       FROM t WHERE access_tokens.id = t.id
         AND t.scope = ANY($2::text[])
         AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '60 seconds'))
     SELECT t.id, t.user_id, t.scope, COALESCE(u.settings->'autoTidy' = 'true'::jsonb, false) AS auto_tidy
     FROM t JOIN users u ON u.id = t.user_id`,
    values: [
      hashToken(token),
      use ? TOKEN_SCOPES.filter((have) => scopeAllows(have, use.need)) : [],
      use?.by.slice(0, 100) ?? null,
    ],
  });
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, scope: row.scope, autoTidy: row.auto_tidy } : null;
}

/**
 * Accounts and their sign-ins: users (account, password hash; the profile fields are
 * accounts/profile.store.ts) and sessions. Only a session token's sha256 is stored.
 */
import { randomBytes } from "node:crypto";
import { type DigestFrequency, REVIEW_COUNT_DEFAULT, type Session, type User } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { hashToken } from "../shared/token-hash.ts";
import { describeDevice } from "./describe-device.ts";

export const SESSION_DAYS = 30;

type UserRow = {
  id: string;
  account: string;
  nickname: string;
  identity_description: string | null;
  settings: { autoTidy?: boolean; reviewCount?: number; guideSkipped?: boolean; digest?: DigestFrequency };
  created_at: Date;
  avatar_key: string | null;
};

const USER_COLUMNS = `u.id, u.account, u.nickname, u.identity_description, u.settings, u.created_at,
  (SELECT a.key FROM avatars a WHERE a.user_id = u.id) AS avatar_key`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    avatar: row.avatar_key ? `/api/avatars/${row.avatar_key}` : null,
    identityDescription: row.identity_description,
    needsGuide: !row.identity_description && !row.settings.guideSkipped,
    settings: {
      // absent until the person chooses (migration 031): off
      autoTidy: row.settings.autoTidy ?? false,
      autoTidyChosen: row.settings.autoTidy !== undefined,
      reviewCount: row.settings.reviewCount ?? REVIEW_COUNT_DEFAULT,
      guideSkipped: row.settings.guideSkipped ?? false,
      digest: row.settings.digest ?? "off",
    },
    createdAt: row.created_at.toISOString(),
  };
}

export async function getUser(db: Queryable, userId: string): Promise<User> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
  if (!rows[0]) throw notFound();
  return toUser(rows[0]);
}

/** Default nickname from the account: the email's name part, or 用户 + the mobile's last 4 digits. */
function defaultNickname(account: string): string {
  if (account.includes("@")) return (account.split("@")[0] ?? "").slice(0, 20) || "拾念用户";
  return `用户${account.slice(-4)}`;
}

/** The new user's id, or null when the account is taken. */
export async function createUser(
  db: Queryable,
  account: string,
  passwordHash: string,
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (account, password_hash, nickname) VALUES ($1, $2, $3)
     ON CONFLICT (account) DO NOTHING RETURNING id`,
    [account, passwordHash, defaultNickname(account)],
  );
  return rows[0]?.id ?? null;
}

/** What a password is checked against: by account (sign-in) or by id (the signed-in user). */
export type Credentials = { id: string; account: string; passwordHash: string };

export async function findCredentials(
  db: Queryable,
  by: { account: string } | { userId: string },
): Promise<Credentials | null> {
  const { rows } = await db.query<{ id: string; account: string; password_hash: string }>(
    `SELECT id, account, password_hash FROM users WHERE ${"account" in by ? "account" : "id"} = $1`,
    ["account" in by ? by.account : by.userId],
  );
  const row = rows[0];
  return row ? { id: row.id, account: row.account, passwordHash: row.password_hash } : null;
}

/** Only when the stored hash is still `current` (no concurrent password change). */
export async function replacePasswordHash(
  db: Queryable,
  userId: string,
  current: string,
  next: string,
): Promise<void> {
  await db.query("UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2", [
    userId,
    current,
    next,
  ]);
}

export async function setPasswordHash(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query("UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1", [userId, hash]);
}

/** Every user-owned table references users ON DELETE CASCADE: one delete removes it all. */
export async function deleteUser(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM users WHERE id = $1", [userId]);
}

/**
 * A new session; its token, which is never stored. `maxAgeMs` (sessionMaxAgeMs) ends it that long
 * after sign-in however often it is used: the 30-day expiry slides, but never past that.
 */
export async function createSession(
  db: Queryable,
  userId: string,
  client: { userAgent: string; ip: string },
  maxAgeMs: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, user_agent, ip, expires_at)
     VALUES ($1, $2, $3, $4, now() + LEAST(make_interval(days => $5), make_interval(secs => $6)))`,
    [userId, hashToken(token), client.userAgent.slice(0, 300), client.ip, SESSION_DAYS, maxAgeMs / 1000],
  );
  return token;
}

/**
 * The live session behind `token`, or null. Its 30-day expiry slides up to `maxAgeMs` after
 * sign-in, written at most once a minute per session in the same round trip, so reads stay cheap.
 */
export async function findSession(
  db: Queryable,
  token: string,
  maxAgeMs: number,
): Promise<{ id: string; userId: string; autoTidy: boolean } | null> {
  // The caller's 自动整理 setting comes along: a capture needs it, and this read is its only one.
  const { rows } = await db.query<{ id: string; user_id: string; auto_tidy: boolean }>({
    name: "auth",
    text: `WITH s AS (
         SELECT id, user_id, last_seen_at FROM sessions
         WHERE token_hash = $1 AND expires_at > now() AND created_at > now() - make_interval(secs => $3)),
       touch AS (
         UPDATE sessions
         SET last_seen_at = now(),
             expires_at = LEAST(now() + make_interval(days => $2), sessions.created_at + make_interval(secs => $3))
         FROM s WHERE sessions.id = s.id AND s.last_seen_at < now() - interval '60 seconds')
       SELECT s.id, s.user_id, COALESCE(u.settings->'autoTidy' = 'true'::jsonb, false) AS auto_tidy
       FROM s JOIN users u ON u.id = s.user_id`,
    values: [hashToken(token), SESSION_DAYS, maxAgeMs / 1000],
  });
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, autoTidy: row.auto_tidy } : null;
}

/** Sessions past their expiry, gone for good (the daily housekeeping); how many. */
export async function purgeExpiredSessions(db: Queryable): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM sessions WHERE expires_at <= now()");
  return rowCount ?? 0;
}

/** The user's live sessions, the most recently used first; `currentId` is the one asking. */
export async function listSessions(db: Queryable, userId: string, currentId: string): Promise<Session[]> {
  const { rows } = await db.query<{
    id: string;
    user_agent: string;
    ip: string | null;
    created_at: Date;
    last_seen_at: Date;
    expires_at: Date;
  }>(
    `SELECT id, user_agent, ip, created_at, last_seen_at, expires_at FROM sessions
     WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC, id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.user_agent),
    ip: r.ip,
    createdAt: r.created_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    current: r.id === currentId,
  }));
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE id = $1", [sessionId]);
}

/** False when the session is not one of the user's (unknown, foreign or already ended). */
export async function deleteSessionOf(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM sessions WHERE id = $1 AND user_id = $2", [
    sessionId,
    userId,
  ]);
  return Boolean(rowCount);
}

export async function deleteOtherSessions(db: Queryable, userId: string, keepId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2", [userId, keepId]);
}

export async function deleteAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId]);
}

/**
 * The account as another product's API names it: its stable integer (`number`, migration 040;
 * memos' `users/N`) and its last change, beside what the app shows.
 */
export async function getNumberedUser(db: Queryable, userId: string) {
  const { rows } = await db.query<UserRow & { number: string; updated_at: Date }>(
    `SELECT ${USER_COLUMNS}, u.number::text AS number, u.updated_at FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!rows[0]) throw notFound();
  return { ...toUser(rows[0]), number: rows[0].number, updatedAt: rows[0].updated_at.toISOString() };
}

/** Which of `ids` are a session or an access token still in force (the live streams they opened may go on). */
export async function liveCredentials(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM sessions WHERE id = ANY($1::uuid[]) AND expires_at > now()
     UNION ALL
     SELECT id FROM access_tokens WHERE id = ANY($1::uuid[]) AND (expires_at IS NULL OR expires_at > now())`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

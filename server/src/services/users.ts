import type { User } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";

export type UserRow = {
  id: string;
  account: string;
  nickname: string;
  identity_description: string | null;
  settings: { autoTidy?: boolean };
  created_at: Date;
  avatar_key: string | null;
};

export const USER_COLUMNS = `u.id, u.account, u.nickname, u.identity_description, u.settings, u.created_at,
  (SELECT a.key FROM avatars a WHERE a.user_id = u.id) AS avatar_key`;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    avatar: row.avatar_key ? `/api/avatars/${row.avatar_key}` : null,
    identityDescription: row.identity_description,
    needsGuide: !row.identity_description,
    settings: { autoTidy: row.settings.autoTidy ?? true },
    createdAt: row.created_at.toISOString(),
  };
}

export async function getUser(db: Queryable, userId: string): Promise<User> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [userId]);
  if (!rows[0]) throw notFound();
  return toUser(rows[0]);
}

/** Default nickname from the account: the email's name part, or 用户 + the mobile's last 4 digits. */
export function defaultNickname(account: string): string {
  if (account.includes("@")) return (account.split("@")[0] ?? "").slice(0, 20) || "拾念用户";
  return `用户${account.slice(-4)}`;
}

/** What a person tells about themself: the profile fields on users, and the avatar (avatars). */
import { randomBytes } from "node:crypto";
import type { Db, Queryable } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { quotaTx } from "../points/usage.store.ts";

export type ProfilePatch = {
  nickname?: string | undefined;
  identityDescription?: string | null | undefined;
  settings?:
    | {
        autoTidy?: boolean | undefined;
        reviewCount?: number | undefined;
        guideSkipped?: boolean | undefined;
        digest?: "off" | "weekly" | "monthly" | undefined;
      }
    | undefined;
};

/**
 * Sets the fields the patch names (an empty self-introduction clears it); false when it names none.
 * Held to the quota: a longer nickname or self-introduction counts.
 */
export async function updateProfile(
  db: Db,
  quota: Quota,
  userId: string,
  patch: ProfilePatch,
): Promise<boolean> {
  const sets: string[] = [];
  const params: unknown[] = [userId];
  if (patch.nickname !== undefined) {
    params.push(patch.nickname);
    sets.push(`nickname = $${params.length}`);
  }
  if (patch.identityDescription !== undefined) {
    params.push(patch.identityDescription || null);
    sets.push(`identity_description = $${params.length}`);
  }
  if (patch.settings) {
    params.push(JSON.stringify(patch.settings));
    sets.push(`settings = settings || $${params.length}::jsonb`);
  }
  if (!sets.length) return false;
  await quotaTx(db, quota, (client) =>
    client.query(`UPDATE users SET ${sets.join(", ")}, updated_at = now() WHERE id = $1`, params),
  );
  return true;
}

/** The profile's text, as an import keeps it to put back when the import is rolled back. */
export type ProfileText = { nickname: string; identityDescription: string | null };

/** Sets nickname and self-introduction as given; the text they replaced, or null without the user. */
export async function replaceProfileText(
  db: Queryable,
  userId: string,
  profile: ProfileText,
): Promise<ProfileText | null> {
  const { rows } = await db.query<{ nickname: string; identity_description: string | null }>(
    `UPDATE users u SET nickname = $2, identity_description = $3 FROM users old
     WHERE u.id = $1 AND old.id = u.id RETURNING old.nickname, old.identity_description`,
    [userId, profile.nickname, profile.identityDescription],
  );
  return rows[0] ? { nickname: rows[0].nickname, identityDescription: rows[0].identity_description } : null;
}

/** Puts back the text replaceProfileText replaced. */
export async function restoreProfileText(db: Queryable, userId: string, profile: ProfileText) {
  await db.query("UPDATE users SET nickname = $2, identity_description = $3 WHERE id = $1", [
    userId,
    profile.nickname,
    profile.identityDescription,
  ]);
}

// The first moment of this month on a Beijing calendar, as a timestamptz.
const MONTH_START = "(date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')";

/** The user's ideas, notes and points, and those made this month (not in 回收站), as the profile page counts them. */
export async function profileCounts(db: Queryable, userId: string) {
  const { rows } = await db.query<{ ideas: number; notes: number; points: number; thisMonth: number }>(
    `SELECT (SELECT count(*) FROM ideas WHERE user_id = $1)::int AS ideas,
            (SELECT count(*) FROM notes WHERE user_id = $1)::int AS notes,
            COALESCE((SELECT balance FROM points_balances WHERE user_id = $1), 0) AS points,
            ((SELECT count(*) FROM ideas WHERE user_id = $1 AND created_at >= ${MONTH_START})
             + (SELECT count(*) FROM notes WHERE user_id = $1 AND created_at >= ${MONTH_START}))::int
              AS "thisMonth"`,
    [userId],
  );
  return rows[0]!;
}

/** Replaces the user's avatar; a new key each time, so its URL changes with it. Held to the quota. */
export async function saveAvatar(
  db: Db,
  quota: Quota,
  userId: string,
  contentType: string,
  bytes: Uint8Array,
) {
  await quotaTx(db, quota, (client) =>
    client.query(
      `INSERT INTO avatars (user_id, content_type, data, key) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET content_type = $2, data = $3, key = $4, updated_at = now()`,
      [userId, contentType, Buffer.from(bytes), randomBytes(16).toString("base64url")],
    ),
  );
}

export type Avatar = { content_type: string; data: Buffer };

export async function findAvatar(
  db: Queryable,
  by: { key: string } | { userId: string },
): Promise<Avatar | null> {
  const { rows } = await db.query<Avatar>(
    `SELECT content_type, data FROM avatars WHERE ${"key" in by ? "key" : "user_id"} = $1`,
    ["key" in by ? by.key : by.userId],
  );
  return rows[0] ?? null;
}

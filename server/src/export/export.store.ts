/** The data export's own state: each user's last export (users.last_export_at), and its counts. */
import type { ExportCount } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

/** When the user may export again, or null when they may now. */
export async function nextExportAllowed(
  db: Queryable,
  userId: string,
  cooldownMs: number,
): Promise<Date | null> {
  const { rows } = await db.query<{ next: Date | null }>(
    `SELECT CASE WHEN last_export_at + make_interval(secs => $2 / 1000.0) > now()
                 THEN last_export_at + make_interval(secs => $2 / 1000.0) END AS next
     FROM users WHERE id = $1`,
    [userId, cooldownMs],
  );
  return rows[0]?.next ?? null;
}

/** A claimed cooldown: the export before it (to give the cooldown back) and this one's time. */
export type ExportClaim = { previous: Date | null; claimed: Date };

/**
 * Starts the cooldown when it has passed, atomically: of two concurrent exports (any processes)
 * only one gets the claim; null for the other.
 */
export async function claimExport(
  db: Queryable,
  userId: string,
  cooldownMs: number,
): Promise<ExportClaim | null> {
  const { rows } = await db.query<ExportClaim>(
    `WITH prev AS (SELECT last_export_at FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET last_export_at = date_trunc('milliseconds', clock_timestamp()) FROM prev
       WHERE u.id = $1 AND (prev.last_export_at IS NULL
         OR prev.last_export_at + make_interval(secs => $2 / 1000.0) <= now())
       RETURNING prev.last_export_at AS previous, u.last_export_at AS claimed`,
    [userId, cooldownMs],
  );
  return rows[0] ?? null;
}

/** Gives the cooldown back, unless another export has claimed it since. */
export async function releaseExportClaim(db: Queryable, userId: string, claim: ExportClaim): Promise<void> {
  await db.query("UPDATE users SET last_export_at = $2 WHERE id = $1 AND last_export_at = $3", [
    userId,
    claim.previous,
    claim.claimed,
  ]);
}

/** The first key of the two-key advisory locks an export takes (its own space: no other lock uses it). */
const EXPORT_LOCK_CLASS = 0x5e_0e_70;

/**
 * Takes the user's export lock for the rest of the current transaction; false when another
 * transaction (any process) holds it. Keyed by a 32-bit hash of the user id: two users sharing a
 * hash would wait for each other's export, once in billions of pairs.
 */
export async function lockUserExport(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked",
    [EXPORT_LOCK_CLASS, userId],
  );
  return rows[0]?.locked === true;
}

export type ExportPlan = { count: ExportCount; chats: number };

/** Counts inside the export's snapshot, so the header matches the zip exactly. */
export async function planExport(db: Queryable, userId: string): Promise<ExportPlan> {
  const { rows } = await db.query<{ ideas: number; notes: number; chats: number }>(
    `SELECT (SELECT count(*) FROM ideas WHERE user_id = $1)::int AS ideas,
            (SELECT count(*) FROM notes WHERE user_id = $1)::int AS notes,
            (SELECT count(*) FROM conversations WHERE user_id = $1)::int AS chats`,
    [userId],
  );
  const r = rows[0]!;
  return { count: { thoughts: r.ideas, notes: r.notes, total: r.ideas + r.notes }, chats: r.chats };
}

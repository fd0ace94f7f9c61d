import type { Queryable } from "../db/pool.ts";

/**
 * Where a change to what GET /api/auth/me tells of an account is announced (payload: the account's
 * id), for its open event streams in every process (hub.ts): today the unread 周报/月报 count, as a
 * digest is saved or read. A NOTIFY, not an outbox row (item_events is for ideas, notes and
 * 每日回顾): a device that was not connected reads GET /api/auth/me again when it reconnects.
 */
export const ACCOUNT_CHANNEL = "account_changed";

/** Announces it; inside a transaction, at its commit (never when it rolls back). */
export async function publishAccountChange(db: Queryable, userId: string): Promise<void> {
  await db.query("SELECT pg_notify($1, $2)", [ACCOUNT_CHANNEL, userId]);
}

import type { Queryable } from "../db/pool.ts";

/**
 * The outbox (migration 041): item_events, one row per change of an idea or a note and per
 * 每日回顾 ready, written by triggers in the change's own transaction, NOTIFY `item_events` with the
 * account's id at commit. It feeds the webhooks (fanned out into webhook_deliveries by trigger)
 * and the live event stream (GET /api/events). Kept a day. A reader that follows it by id must
 * mind that ids are taken at insert and commit out of order: its `txid` column (xid8) with
 * pg_snapshot_xmin(pg_current_snapshot()) tells which rows are final.
 */
export const OUTBOX_CHANNEL = "item_events";

export type ItemEventType = `${"idea" | "note"}.${"created" | "updated" | "deleted"}` | "review.ready";

/** Events older than `keepMs` are deleted (the stream's replay and the deliveries need no more). */
export async function pruneOutbox(db: Queryable, keepMs: number): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM item_events WHERE at < now() - $1::int * interval '1 millisecond'",
    [keepMs],
  );
  return rowCount ?? 0;
}

/** Marks this transaction's item writes as not news (an import's batches): no events, no webhooks. */
export const QUIET_OUTBOX_SQL = "set_config('shinian.outbox', 'quiet', true)";

/** The rest of `db`'s transaction logs no event (an account's deletion: its items' are not news). */
export async function quietOutbox(db: Queryable): Promise<void> {
  await db.query(`SELECT ${QUIET_OUTBOX_SQL}`);
}

/**
 * An account deleted in `db`'s transaction: what the outbox held of it goes (item_events has no
 * foreign key to users, so nothing cascades there).
 */
export async function forgetAccountEvents(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM item_events WHERE user_id = $1", [userId]);
}

/** One outbox row as the live stream tells it (events/). */
export type OutboxEvent = {
  id: number;
  type: ItemEventType;
  itemId: string | null;
  itemType: "idea" | "note" | "review";
  at: Date;
  /** At or below `after`: committed after later ids were read (a transaction in `watched`). */
  late: boolean;
};

/** What one read of an account's events saw, all in one snapshot. */
export type OutboxRead = {
  events: OutboxEvent[];
  /** The transactions in progress in that snapshot (xid8 as text): whatever they write commits later. */
  running: string[];
  /** The id sequence's last value: every id at or below it is taken (committed, in progress or rolled back). */
  position: number;
  /** When the newest row at or below `after` was written; null when none is kept (pruned, or none). */
  afterAt: Date | null;
  now: Date;
};

/**
 * An account's events after `after` in id order (at most `limit`), and those at or below it written
 * by the `watched` transactions (committed late), with the snapshot's running transactions and the
 * id sequence's position: one statement, one snapshot, so nothing falls between them. Added for the
 * live stream (events/, GET /api/events); only the outbox's store touches item_events.
 */
export async function readAccountEvents(
  db: Queryable,
  q: { userId: string; after: number; watched: string[]; limit: number },
): Promise<OutboxRead> {
  const { rows } = await db.query<{
    running: string[];
    position: string;
    after_at: Date | null;
    now: Date;
    id: string | null;
    type: ItemEventType;
    item_id: string | null;
    item_type: OutboxEvent["itemType"];
    at: Date;
    late: boolean;
  }>({
    name: "outbox-read-account",
    text: `WITH snap AS MATERIALIZED (
        SELECT coalesce((SELECT array_agg(x::text) FROM pg_snapshot_xip(pg_current_snapshot()) x), '{}') AS running,
               coalesce(pg_sequence_last_value('item_events_id_seq'), 0) AS position,
               (SELECT at FROM item_events WHERE id <= $2 ORDER BY id DESC LIMIT 1) AS after_at,
               now() AS now
      ), found AS (
        (SELECT id, type, item_id, item_type, at, false AS late FROM item_events
          WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3)
        UNION ALL
        (SELECT id, type, item_id, item_type, at, true FROM item_events
          WHERE cardinality($4::xid8[]) > 0 AND user_id = $1 AND id <= $2 AND txid = ANY ($4::xid8[])
          ORDER BY id LIMIT $3)
      )
      SELECT snap.*, f.* FROM snap LEFT JOIN found f ON true ORDER BY f.late DESC, f.id`,
    values: [q.userId, q.after, q.limit, q.watched],
  });
  const first = rows[0]!;
  return {
    running: first.running,
    position: Number(first.position),
    afterAt: first.after_at,
    now: first.now,
    events: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: Number(r.id),
        type: r.type,
        itemId: r.item_id,
        itemType: r.item_type,
        at: r.at,
        late: r.late,
      })),
  };
}

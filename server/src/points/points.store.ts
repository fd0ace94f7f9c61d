/**
 * AI points: a balance per user (points_balances) and every change to it (points_ledger). Each
 * write is ONE statement that moves the balance and appends its ledger line together; the rules
 * (what may be granted, the 402, refunding once) are points/points.ts.
 */
import type { LedgerEntry, PointsReason } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { type Keyset, pageFrom } from "../http/cursor.ts";

/** Adds to the balance (made on first use) and appends the ledger line; the balance after. */
export async function creditPoints(
  db: Queryable,
  userId: string,
  amount: number,
  reason: PointsReason,
  note: string | null,
): Promise<number> {
  const { rows } = await db.query<{ balance_after: number }>(
    `WITH b AS (
       INSERT INTO points_balances (user_id, balance) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET balance = points_balances.balance + EXCLUDED.balance
       RETURNING user_id, balance)
     INSERT INTO points_ledger (user_id, delta, balance_after, reason, note)
     SELECT user_id, $2, balance, $3, $4 FROM b RETURNING balance_after`,
    [userId, amount, reason, note],
  );
  return rows[0]!.balance_after;
}

/** An account that starts with nothing still has a balance row. */
export async function openBalance(db: Queryable, userId: string): Promise<void> {
  await db.query("INSERT INTO points_balances (user_id, balance) VALUES ($1, 0)", [userId]);
}

/**
 * Takes `cost` only while the balance covers it: the UPDATE matches no row otherwise, so
 * concurrent spends (any number of processes) can never take it below zero. Null when it does not.
 * With `openForMs`, the same statement opens the spend (open_spends): should nothing settle or
 * refund it within that time, its process died, and the sweep refunds it.
 */
export async function debitPoints(
  db: Queryable,
  userId: string,
  cost: number,
  reason: PointsReason,
  note: string | null,
  openForMs: number | null = null,
  item: LedgerTarget | null = null,
): Promise<{ ledgerId: string; balance: number } | null> {
  const { rows } = await db.query<{ id: string; balance_after: number }>({
    name: "points-spend",
    text: `WITH b AS (
       UPDATE points_balances SET balance = balance - $2
       WHERE user_id = $1 AND balance >= $2
       RETURNING user_id, balance),
     line AS (
       INSERT INTO points_ledger (user_id, delta, balance_after, reason, note)
       SELECT user_id, -$2::int, balance, $3, $4 FROM b RETURNING id, user_id, balance_after),
     opened AS (
       INSERT INTO open_spends (ledger_id, user_id, cost, reason, open_until)
       SELECT id, user_id, $2, $3, now() + $5::int * interval '1 millisecond' FROM line WHERE $5::int IS NOT NULL),
     paid_for AS (
       INSERT INTO points_ledger_items (ledger_id, item_type, item_id)
       SELECT id, $6, $7 FROM line WHERE $6::text IS NOT NULL)
     SELECT id, balance_after FROM line`,
    values: [userId, cost, reason, note, openForMs, item?.type ?? null, item?.id ?? null],
  });
  return rows[0] ? { ledgerId: String(rows[0].id), balance: rows[0].balance_after } : null;
}

/** What a spend paid for, as recorded: resolved to a link by listLedger. */
export type LedgerTarget = { type: "idea" | "note" | "conversation" | "attachment"; id: string };

/** Records what the spend `ledgerId` paid for, once that is known (a composed note, after its spend). */
export async function recordLedgerItem(db: Queryable, ledgerId: string, item: LedgerTarget): Promise<void> {
  await db.query(
    `INSERT INTO points_ledger_items (ledger_id, item_type, item_id) VALUES ($1, $2, $3)
     ON CONFLICT (ledger_id) DO NOTHING`,
    [ledgerId, item.type, item.id],
  );
}

/** The spend's answer is saved: nothing is left to refund (call it in the transaction that saves it). */
export async function closeSpend(db: Queryable, ledgerId: string): Promise<void> {
  await db.query("DELETE FROM open_spends WHERE ledger_id = $1", [ledgerId]);
}

/** Up to 500 spends, of any user, still open after their time: their process died mid-call. */
export async function overdueSpends(db: Queryable) {
  const { rows } = await db.query<{ ledger_id: string; user_id: string; cost: number; reason: PointsReason }>(
    "SELECT ledger_id::text, user_id, cost, reason FROM open_spends WHERE open_until < now() LIMIT 500",
  );
  return rows;
}

/**
 * Gives back `cost` for the spend `refundOf` and closes it; the balance after, or null when the
 * account is gone (deleted while its AI call ran). A second refund of one spend fails on the
 * UNIQUE refund_of (23505).
 */
export async function creditRefund(
  db: Queryable,
  userId: string,
  cost: number,
  note: string,
  refundOf: string,
): Promise<number | null> {
  const { rows } = await db.query<{ balance_after: number }>(
    `WITH b AS (
       UPDATE points_balances SET balance = balance + $2 WHERE user_id = $1 RETURNING user_id, balance),
     closed AS (DELETE FROM open_spends WHERE ledger_id = $4::bigint)
     INSERT INTO points_ledger (user_id, delta, balance_after, reason, note, refund_of)
     SELECT user_id, $2, balance, 'refund', $3, $4 FROM b RETURNING balance_after`,
    [userId, cost, note, refundOf],
  );
  return rows[0]?.balance_after ?? null;
}

export async function getBalance(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(
    "SELECT balance FROM points_balances WHERE user_id = $1",
    [userId],
  );
  return rows[0]?.balance ?? 0;
}

/** What the spend `ledgerId` of the user took, or null when it is not one of their spends. */
export async function spentCost(db: Queryable, userId: string, ledgerId: string): Promise<number | null> {
  const { rows } = await db.query<{ cost: number }>(
    "SELECT -delta AS cost FROM points_ledger WHERE id = $1 AND user_id = $2 AND delta < 0",
    [ledgerId, userId],
  );
  return rows[0]?.cost ?? null;
}

type LedgerRow = {
  id: string;
  delta: number;
  balance_after: number;
  reason: PointsReason; // points/points.ts is the only writer, and takes only these
  note: string | null;
  created_at: Date;
};

const LEDGER_COLUMNS = "id, delta, balance_after, reason, note, created_at";

export const toLedgerEntry = (r: LedgerRow): LedgerEntry => ({
  id: String(r.id),
  delta: r.delta,
  balanceAfter: r.balance_after,
  reason: r.reason,
  note: r.note,
  createdAt: r.created_at.toISOString(),
});

/**
 * The user's ledger, newest first. Its bigserial id is its order: the cursor is the last id seen.
 * Each line with what it paid for (a refund: what its spend paid for) where that still exists, and
 * where it is now: a recording on its idea or note, a side chat under the idea or note it is about.
 * Trashed items are not in ideas/notes, so they are not linked.
 */
export async function listLedger(db: Queryable, userId: string, q: { limit: number; cursor: Keyset | null }) {
  const params: unknown[] = [userId, q.limit + 1];
  if (q.cursor) params.push(q.cursor.id);
  const { rows } = await db.query<LedgerRow & LinkColumns & { cursor_us: string }>(
    `WITH page AS (
       SELECT l.id, l.delta, l.balance_after, l.reason, l.note, l.created_at, p.item_type, p.item_id
       FROM points_ledger l
       LEFT JOIN points_ledger_items p ON p.ledger_id = COALESCE(l.refund_of, l.id)
       WHERE l.user_id = $1 ${q.cursor ? "AND l.id < $3::bigint" : ""} ORDER BY l.id DESC LIMIT $2),
     target AS (
       SELECT page.*,
         CASE page.item_type
           WHEN 'attachment' THEN a.item_id
           WHEN 'conversation' THEN COALESCE(c.subject_id, c.id)
           ELSE page.item_id END AS target_id,
         CASE page.item_type
           WHEN 'attachment' THEN 'idea_or_note'
           WHEN 'conversation' THEN COALESCE(c.subject_type, CASE WHEN c.id IS NOT NULL THEN 'conversation' END)
           ELSE page.item_type END AS target_type
       FROM page
       LEFT JOIN attachments a ON page.item_type = 'attachment' AND a.id = page.item_id AND a.user_id = $1
       LEFT JOIN conversations c ON page.item_type = 'conversation' AND c.id = page.item_id AND c.user_id = $1)
     SELECT t.id, t.delta, t.balance_after, t.reason, t.note, t.created_at, '0' AS cursor_us,
       CASE
         WHEN t.target_type IN ('idea', 'idea_or_note')
           AND EXISTS (SELECT 1 FROM ideas i WHERE i.id = t.target_id AND i.user_id = $1) THEN 'idea'
         WHEN t.target_type IN ('note', 'idea_or_note')
           AND EXISTS (SELECT 1 FROM notes n WHERE n.id = t.target_id AND n.user_id = $1) THEN 'note'
         WHEN t.target_type = 'conversation' THEN 'conversation'
       END AS link_type,
       t.target_id AS link_id
     FROM target t ORDER BY t.id DESC`,
    params,
  );
  return pageFrom(rows, q.limit, (r) => ({
    ...toLedgerEntry(r),
    item: r.link_type && r.link_id ? { type: r.link_type, id: r.link_id } : null,
  }));
}

type LinkColumns = { link_type: "idea" | "note" | "conversation" | null; link_id: string | null };

/** The user's whole ledger, oldest first, `size` lines at a time (the export). */
export async function* ledgerBatches(
  db: Queryable,
  userId: string,
  size: number,
): AsyncGenerator<LedgerRow[]> {
  let afterId = "0";
  for (;;) {
    const { rows } = await db.query<LedgerRow>(
      `SELECT ${LEDGER_COLUMNS} FROM points_ledger
       WHERE user_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
      [userId, afterId, size],
    );
    if (rows.length) yield rows;
    if (rows.length < size) return;
    afterId = String(rows[rows.length - 1]!.id);
  }
}

import type { PointsReason } from "@shinian/contract";
import type { Db, Queryable } from "../db/pool.ts";
import { tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";

/**
 * The points ledger. A spend is ONE guarded statement: the UPDATE only matches while the
 * balance covers the cost, so concurrent spends (any number of processes) can never take it
 * below zero. Read-then-write overspends even inside a transaction; this does not.
 */
export async function grant(
  db: Queryable,
  userId: string,
  amount: number,
  reason: PointsReason,
  note: string | null = null,
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("grant amount must be a positive integer");
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

export type SpendResult = { ledgerId: string; balance: number };

/** Spends `cost` points or throws 402 AI点数不足 with the balance; never goes below zero. */
export async function spend(
  db: Queryable,
  userId: string,
  cost: number,
  reason: PointsReason,
  note: string | null = null,
): Promise<SpendResult> {
  if (!Number.isInteger(cost) || cost < 0) throw new Error("cost must be a non-negative integer");
  const { rows } = await db.query<{ id: string; balance_after: number }>({
    name: "points-spend",
    text: `WITH b AS (
       UPDATE points_balances SET balance = balance - $2
       WHERE user_id = $1 AND balance >= $2
       RETURNING user_id, balance)
     INSERT INTO points_ledger (user_id, delta, balance_after, reason, note)
     SELECT user_id, -$2::int, balance, $3, $4 FROM b RETURNING id, balance_after`,
    values: [userId, cost, reason, note],
  });
  if (!rows[0]) {
    const balance = await getBalance(db, userId);
    throw new ApiError("INSUFFICIENT_POINTS", `AI点数不足：需要 ${cost} 点，当前余额 ${balance} 点`, {
      data: { balance, cost },
    });
  }
  return { ledgerId: String(rows[0].id), balance: rows[0].balance_after };
}

/**
 * Gives back the points of a failed AI call; the ledger line names the spend it refunds, and the
 * UNIQUE refund_of makes a second refund of the same spend (a retry, another process) a no-op.
 */
export async function refund(
  db: Db,
  userId: string,
  spent: SpendResult & { cost: number },
  why = "AI 服务失败",
): Promise<number> {
  if (spent.cost === 0) return getBalance(db, userId);
  try {
    return await tx(db, async (client) => {
      const { rows } = await client.query<{ balance_after: number }>(
        `WITH b AS (
           UPDATE points_balances SET balance = balance + $2 WHERE user_id = $1 RETURNING user_id, balance)
         INSERT INTO points_ledger (user_id, delta, balance_after, reason, note, refund_of)
         SELECT user_id, $2, balance, 'refund', $3, $4 FROM b RETURNING balance_after`,
        [userId, spent.cost, `退还 #${spent.ledgerId}（${why}）`, spent.ledgerId],
      );
      return rows[0]!.balance_after;
    });
  } catch (err) {
    if ((err as { code?: string }).code === "23505") return getBalance(db, userId);
    throw err;
  }
}

export async function getBalance(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ balance: number }>(
    "SELECT balance FROM points_balances WHERE user_id = $1",
    [userId],
  );
  return rows[0]?.balance ?? 0;
}

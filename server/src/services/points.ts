import type { PointsReason } from "@shinian/contract";
import type { Db, Queryable } from "../db/pool.ts";
import { tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { creditPoints, creditRefund, debitPoints, getBalance } from "../stores/points.ts";

/**
 * The points rules. A spend is ONE guarded statement (stores/points.ts): concurrent spends (any
 * number of processes) can never take the balance below zero. Read-then-write overspends even
 * inside a transaction; this does not.
 */
export async function grant(
  db: Queryable,
  userId: string,
  amount: number,
  reason: PointsReason,
  note: string | null = null,
): Promise<number> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error("grant amount must be a positive integer");
  return creditPoints(db, userId, amount, reason, note);
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
  const spent = await debitPoints(db, userId, cost, reason, note);
  if (!spent) {
    const balance = await getBalance(db, userId);
    throw new ApiError("INSUFFICIENT_POINTS", `AI点数不足：需要 ${cost} 点，当前余额 ${balance} 点`, {
      data: { balance, cost },
    });
  }
  return spent;
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
    return await tx(db, (client) =>
      creditRefund(client, userId, spent.cost, `退还 #${spent.ledgerId}（${why}）`, spent.ledgerId),
    );
  } catch (err) {
    if ((err as { code?: string }).code === "23505") return getBalance(db, userId);
    throw err;
  }
}

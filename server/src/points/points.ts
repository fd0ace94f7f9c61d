import type { PointsReason } from "@shinian/contract";
import type { Db, Queryable } from "../db/pool.ts";
import { tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import {
  closeSpend,
  creditPoints,
  creditRefund,
  debitPoints,
  getBalance,
  type LedgerTarget,
  overdueSpends,
} from "./points.store.ts";

/**
 * The points rules. A spend is ONE guarded statement (points/points.store.ts): concurrent spends (any
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

/**
 * Spends `cost` points or throws 402 AI点数不足 with the balance; never goes below zero.
 * `openForMs`: the spend pays for an AI call and stays open until its answer is saved
 * (settleSpend) or it is refunded; still open after that time, the sweep refunds it.
 */
export async function spend(
  db: Queryable,
  userId: string,
  cost: number,
  reason: PointsReason,
  {
    note = null,
    openForMs = null,
    item = null,
  }: {
    note?: string | null;
    openForMs?: number | null;
    /** What it pays for, when known now (the ledger links to it: /ai-points). */
    item?: LedgerTarget | null;
  } = {},
): Promise<SpendResult> {
  if (!Number.isInteger(cost) || cost < 0) throw new Error("cost must be a non-negative integer");
  const spent = await debitPoints(db, userId, cost, reason, note, openForMs, item);
  if (!spent) {
    const balance = await getBalance(db, userId);
    throw new ApiError("INSUFFICIENT_POINTS", `AI点数不足：需要 ${cost} 点，当前余额 ${balance} 点`, {
      data: { balance, cost },
    });
  }
  return spent;
}

/** The AI call's answer is saved (call it in the same transaction): its spend stays spent. */
export const settleSpend = (db: Queryable, spent: SpendResult) => closeSpend(db, spent.ledgerId);

/**
 * Gives back the points of a failed AI call; the ledger line names the spend it refunds, and the
 * UNIQUE refund_of makes a second refund of the same spend (a retry, another process) a no-op.
 * An account deleted meanwhile has nothing to give back to: 0.
 */
export async function refund(
  db: Db,
  userId: string,
  spent: SpendResult & { cost: number },
  why = "AI 服务失败",
): Promise<number> {
  if (spent.cost === 0) {
    await closeSpend(db, spent.ledgerId);
    return getBalance(db, userId);
  }
  try {
    const balance = await tx(db, (client) =>
      creditRefund(client, userId, spent.cost, `退还 #${spent.ledgerId}（${why}）`, spent.ledgerId),
    );
    return balance ?? 0;
  } catch (err) {
    if ((err as { code?: string }).code !== "23505") throw err;
    await closeSpend(db, spent.ledgerId); // refunded already: nothing is open any more
    return getBalance(db, userId);
  }
}

const INTERRUPTED: Partial<Record<PointsReason, string>> = {
  chat_reply: "回答中断",
  compose_note: "整理成笔记中断",
  tidy_idea: "整理中断",
  transcribe_audio: "转写中断",
  insight: "洞察中断",
};

/**
 * Refunds the spends whose process died before it saved the answer or refunded: each once, in
 * whichever process sweeps first (the others meet the UNIQUE refund_of).
 */
export async function refundOverdueSpends(db: Db): Promise<number> {
  let refunded = 0;
  for (const s of await overdueSpends(db)) {
    await refund(db, s.user_id, { ledgerId: s.ledger_id, balance: 0, cost: s.cost }, INTERRUPTED[s.reason]);
    refunded++;
  }
  return refunded;
}

import type { PointsReason } from "@shinian/contract";
import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { decodeCursor, pageFrom } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { aiInfo } from "../services/ai/info.ts";
import { getBalance } from "../services/points.ts";

type LedgerRow = {
  id: string;
  delta: number;
  balance_after: number;
  reason: PointsReason; // services/points.ts is the only writer, and takes only these
  note: string | null;
  created_at: Date;
  cursor_us: string;
};

export function pointsRoutes(app: Hono<AppEnv>) {
  mount(app, "getPoints", async (c) => ({
    data: {
      balance: await getBalance(c.var.deps.db, c.var.auth.userId),
      costs: aiInfo(c.var.deps.config).costs,
    },
  }));
  mount(app, "listLedger", async (c, { query: q }) => {
    const cursor = decodeCursor(q.cursor, "bigint");
    const params: unknown[] = [c.var.auth.userId, q.limit + 1];
    // The ledger's bigserial id is its order: the cursor is the last id seen.
    if (cursor) params.push(cursor.id);
    const { rows } = await c.var.deps.db.query<LedgerRow>(
      `SELECT id, delta, balance_after, reason, note, created_at, '0' AS cursor_us FROM points_ledger
       WHERE user_id = $1 ${cursor ? "AND id < $3::bigint" : ""} ORDER BY id DESC LIMIT $2`,
      params,
    );
    const page = pageFrom(rows, q.limit, (r) => ({
      id: String(r.id),
      delta: r.delta,
      balanceAfter: r.balance_after,
      reason: r.reason,
      note: r.note,
      createdAt: r.created_at.toISOString(),
    }));
    return { data: page };
  });
}

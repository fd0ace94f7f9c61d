import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { decodeCursor } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { aiCosts } from "../services/ai/info.ts";
import { getBalance, listLedger } from "../stores/points.ts";

export function pointsRoutes(app: Hono<AppEnv>) {
  mount(app, "getPoints", async (c) => ({
    data: {
      balance: await getBalance(c.var.deps.db, c.var.auth.userId),
      costs: aiCosts(c.var.deps.config),
    },
  }));
  mount(app, "listLedger", async (c, { query: q }) => ({
    data: await listLedger(c.var.deps.db, c.var.auth.userId, {
      limit: q.limit,
      cursor: decodeCursor(q.cursor, "bigint"),
    }),
  }));
}

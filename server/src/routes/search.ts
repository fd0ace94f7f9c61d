import { SearchQuerySchema } from "@shinian/contract";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { queryOf } from "../lib/validate.ts";
import { requireAuth } from "../middlewares/auth.ts";
import { searchItems } from "../services/search.ts";

export const searchRoutes = new Hono<AppEnv>().use(requireAuth).get("/", async (c) => {
  const q = queryOf(c, SearchQuerySchema);
  const items = await searchItems(c.var.deps.db, c.var.auth.userId, q.q, q.limit);
  return c.json({ success: true as const, data: { items } });
});

import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireAuth } from "../middlewares/auth.ts";
import { aiInfo } from "../services/ai/info.ts";

export const aiRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/status", (c) => c.json({ success: true as const, data: aiInfo(c.var.deps.config) }));

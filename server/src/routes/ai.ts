import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { mount } from "../lib/endpoint.ts";
import { aiInfo } from "../services/ai/info.ts";

export const aiRoutes = (app: Hono<AppEnv>) =>
  mount(app, "aiStatus", async (c) => ({
    data: await aiInfo(c.var.deps.config, c.var.deps.db, c.var.auth.userId),
  }));

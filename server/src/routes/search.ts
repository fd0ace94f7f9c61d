import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { mount } from "../lib/endpoint.ts";
import { searchItems } from "../services/search.ts";

export const searchRoutes = (app: Hono<AppEnv>) =>
  mount(app, "search", async (c, { query: q }) => ({
    data: { items: await searchItems(c.var.deps.db, c.var.auth.userId, q.q, q.limit) },
  }));

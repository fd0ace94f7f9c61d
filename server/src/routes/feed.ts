import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { decodeCursor } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { feedPage } from "../services/feed.ts";

export const feedRoutes = (app: Hono<AppEnv>) =>
  mount(app, "feed", async (c, { query: q }) => ({
    data: await feedPage(c.var.deps.db, c.var.auth.userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") }),
  }));

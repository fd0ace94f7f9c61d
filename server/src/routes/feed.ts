import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { decodeCursor } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { withAttachments } from "../services/attachments/items.ts";
import { feedPage } from "../services/feed.ts";

export const feedRoutes = (app: Hono<AppEnv>) =>
  mount(app, "feed", async (c, { query: q }) => {
    const { userId } = c.var.auth;
    const page = await feedPage(c.var.deps.db, userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") });
    return { data: { ...page, items: await withAttachments(c.var.deps, userId, page.items) } };
  });

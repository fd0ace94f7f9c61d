import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { decodeCursor, encodeCursor } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { type IdeaRow, type NoteRow, newestRows, toFeedItem } from "../services/items.ts";

type Tagged = { type: "idea" | "note"; row: IdeaRow | NoteRow };

const newerFirst = (a: Tagged, b: Tagged) => {
  const d = BigInt(b.row.cursor_us) - BigInt(a.row.cursor_us);
  if (d !== 0n) return d > 0n ? 1 : -1;
  return a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0; // same order as PostgreSQL's uuid
};

/** Ideas and notes mixed, newest first: each table gives its next limit+1 rows, merged here. */
export const feedRoutes = (app: Hono<AppEnv>) =>
  mount(app, "feed", async (c, { query: q }) => {
    const cursor = decodeCursor(q.cursor, "uuid");
    const { db } = c.var.deps;
    const fetch = async (table: "ideas" | "notes") => {
      const rows = await newestRows(db, table, c.var.auth.userId, { ...q, cursor });
      return rows.map((row): Tagged => ({ type: table === "ideas" ? "idea" : "note", row }));
    };
    const [ideas, notes] = await Promise.all([
      q.type === "note" ? [] : fetch("ideas"),
      q.type === "idea" ? [] : fetch("notes"),
    ]);
    const merged = [...ideas, ...notes].sort(newerFirst);
    const page = merged.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      data: {
        items: page.map((t) => toFeedItem(t.type, t.row)),
        nextCursor:
          merged.length > q.limit && last ? encodeCursor({ us: last.row.cursor_us, id: last.row.id }) : null,
      },
    };
  });

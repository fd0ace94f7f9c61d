import { FeedQuerySchema } from "@shinian/contract";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { decodeCursor, encodeCursor, fromUs } from "../lib/cursor.ts";
import { queryOf } from "../lib/validate.ts";
import { requireAuth } from "../middlewares/auth.ts";
import { IDEA_COLUMNS, type IdeaRow, NOTE_COLUMNS, type NoteRow, toFeedItem } from "../services/items.ts";

type Tagged = { type: "idea" | "note"; row: IdeaRow | NoteRow };

const newerFirst = (a: Tagged, b: Tagged) => {
  const d = BigInt(b.row.cursor_us) - BigInt(a.row.cursor_us);
  if (d !== 0n) return d > 0n ? 1 : -1;
  return a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0; // same order as PostgreSQL's uuid
};

/** Ideas and notes mixed, newest first: each table gives its next limit+1 rows, merged here. */
export const feedRoutes = new Hono<AppEnv>().use(requireAuth).get("/", async (c) => {
  const q = queryOf(c, FeedQuerySchema);
  const cursor = decodeCursor(q.cursor, "uuid");
  const { db } = c.var.deps;
  const fetch = async (table: "ideas" | "notes") => {
    const params: unknown[] = [c.var.auth.userId, q.limit + 1];
    let where = "user_id = $1";
    if (q.tag) {
      params.push([q.tag]);
      where += ` AND tags @> $${params.length}::text[]`;
    }
    if (cursor) {
      params.push(cursor.us, cursor.id);
      where += ` AND (created_at, id) < (${fromUs(`$${params.length - 1}`)}, $${params.length}::uuid)`;
    }
    const cols = table === "ideas" ? IDEA_COLUMNS : NOTE_COLUMNS;
    const { rows } = await db.query<IdeaRow | NoteRow>(
      `SELECT ${cols} FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2`,
      params,
    );
    return rows.map((row): Tagged => ({ type: table === "ideas" ? "idea" : "note", row }));
  };
  const [ideas, notes] = await Promise.all([
    q.type === "note" ? [] : fetch("ideas"),
    q.type === "idea" ? [] : fetch("notes"),
  ]);
  const merged = [...ideas, ...notes].sort(newerFirst);
  const page = merged.slice(0, q.limit);
  const last = page[page.length - 1];
  return c.json({
    success: true as const,
    data: {
      items: page.map((t) => toFeedItem(t.type, t.row)),
      nextCursor:
        merged.length > q.limit && last ? encodeCursor({ us: last.row.cursor_us, id: last.row.id }) : null,
    },
  });
});

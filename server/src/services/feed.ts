import type { FeedItem } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { encodeCursor, type Keyset } from "../lib/cursor.ts";
import { type IdeaRow, newestIdeaRows, toIdea } from "../stores/ideas.ts";
import { type NoteSummaryRow, newestNoteRows, toNoteSummary } from "../stores/notes.ts";

type Tagged = { type: "idea"; row: IdeaRow } | { type: "note"; row: NoteSummaryRow };

const newerFirst = (a: Tagged, b: Tagged) => {
  const d = BigInt(b.row.cursor_us) - BigInt(a.row.cursor_us);
  if (d !== 0n) return d > 0n ? 1 : -1;
  return a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0; // same order as PostgreSQL's uuid
};

const toFeedItem = (t: Tagged): FeedItem =>
  t.type === "idea" ? { type: t.type, ...toIdea(t.row) } : { type: t.type, ...toNoteSummary(t.row) };

/** Ideas and notes mixed, newest first: each table gives its next limit+1 rows, merged here. */
export async function feedPage(
  db: Queryable,
  userId: string,
  q: { type: "all" | "idea" | "note"; tag?: string | undefined; limit: number; cursor: Keyset | null },
) {
  const [ideas, notes] = await Promise.all([
    q.type === "note" ? [] : newestIdeaRows(db, userId, q),
    q.type === "idea" ? [] : newestNoteRows(db, userId, q),
  ]);
  const merged = [
    ...ideas.map((row): Tagged => ({ type: "idea", row })),
    ...notes.map((row): Tagged => ({ type: "note", row })),
  ].sort(newerFirst);
  const page = merged.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toFeedItem),
    nextCursor:
      merged.length > q.limit && last ? encodeCursor({ us: last.row.cursor_us, id: last.row.id }) : null,
  };
}

import type { FeedItem } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { encodeCursor, type Keyset } from "../http/cursor.ts";
import { type IdeaRow, newestIdeaRows, pinnedIdeaRows, toIdea } from "./ideas.store.ts";
import { type NoteSummaryRow, newestNoteRows, pinnedNoteRows, toNoteSummary } from "./notes.store.ts";

/**
 * How many pins lead 首页 (and a tag's view): the most recently pinned this many, on the first page
 * before the newest-first stream, which leaves them out. An older pin beyond them keeps its place
 * by date (and still says 已置顶), so the first page stays bounded however many items an import
 * brought pinned.
 */
export const PINNED_LEAD_MAX = 50;

type Tagged = { type: "idea"; row: IdeaRow } | { type: "note"; row: NoteSummaryRow };
type PinnedTagged = Tagged & { row: { pinned_us: string | null } };

/** Orders by id as PostgreSQL orders uuids (the same order for the same ids). */
const byIdDesc = (a: Tagged, b: Tagged) => (a.row.id < b.row.id ? 1 : a.row.id > b.row.id ? -1 : 0);
const later = (a: string | null, b: string | null) => {
  const d = BigInt(b ?? -1) - BigInt(a ?? -1);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
};

const newerFirst = (a: Tagged, b: Tagged) => later(a.row.cursor_us, b.row.cursor_us) || byIdDesc(a, b);
/** The stores' order: pinned_at DESC NULLS LAST, created_at DESC, id DESC. */
const pinnedFirst = (a: PinnedTagged, b: PinnedTagged) =>
  later(a.row.pinned_us, b.row.pinned_us) || newerFirst(a, b);

const toFeedItem = (t: Tagged): FeedItem =>
  t.type === "idea" ? { type: t.type, ...toIdea(t.row) } : { type: t.type, ...toNoteSummary(t.row) };

type FeedQuery = {
  type: "all" | "idea" | "note";
  /** 首页 leaves out what is archived; 归档 lists only that, with no pinned lead. */
  view: "home" | "archived";
  tag?: string | undefined;
  limit: number;
  cursor: Keyset | null;
};

/** The pins that lead the list for this type and tag, most recently pinned first (PINNED_LEAD_MAX). */
async function pinnedLead(db: Queryable, userId: string, q: FeedQuery): Promise<PinnedTagged[]> {
  if (q.view === "archived") return [];
  const of = { max: PINNED_LEAD_MAX, tag: q.tag, archived: false };
  const [ideas, notes] = await Promise.all([
    q.type === "note" ? [] : pinnedIdeaRows(db, userId, of),
    q.type === "idea" ? [] : pinnedNoteRows(db, userId, of),
  ]);
  return [
    ...ideas.map((row): PinnedTagged => ({ type: "idea", row })),
    ...notes.map((row): PinnedTagged => ({ type: "note", row })),
  ]
    .sort(pinnedFirst)
    .slice(0, PINNED_LEAD_MAX);
}

/**
 * Ideas and notes mixed: on the first page (no cursor) the pinned lead, then newest first. Each
 * table gives its next limit+1 rows of the stream, merged here; every page leaves out the lead
 * (read again for each page: at most PINNED_LEAD_MAX rows by an index), so the cursor runs over
 * the stream alone and a pin is never shown twice.
 */
export async function feedPage(db: Queryable, userId: string, q: FeedQuery) {
  const lead = await pinnedLead(db, userId, q);
  const stream = { ...q, exclude: lead.map((t) => t.row.id), archived: q.view === "archived" };
  const [ideas, notes] = await Promise.all([
    q.type === "note" ? [] : newestIdeaRows(db, userId, stream),
    q.type === "idea" ? [] : newestNoteRows(db, userId, stream),
  ]);
  const merged = [
    ...ideas.map((row): Tagged => ({ type: "idea", row })),
    ...notes.map((row): Tagged => ({ type: "note", row })),
  ].sort(newerFirst);
  const page = merged.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: [...(q.cursor ? [] : lead), ...page].map(toFeedItem),
    nextCursor:
      merged.length > q.limit && last ? encodeCursor({ us: last.row.cursor_us, id: last.row.id }) : null,
  };
}

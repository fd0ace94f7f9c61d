import { type FeedType, fetchFeed } from "../../api/items.ts";

type FeedQuery = { type: FeedType; tag?: string };
type Early = { key: string; startedAt: number; page: ReturnType<typeof fetchFeed> };

// A page started more than this long ago is not handed out: 首页 asks afresh.
const FRESH_MS = 5_000;
const keyOf = (query: FeedQuery) => `${query.type}\u0000${query.tag ?? ""}`;
let early: Early | null = null;

/**
 * Starts 首页's first page from its route loader, which runs while the session is checked and
 * the screen's code loads: the list then waits for neither (it is what Lighthouse sees as LCP).
 */
export function startFirstPage(query: FeedQuery) {
  // The route preloads while the session is checked, then loads again when the router mounts: a
  // second request would put a whole round trip back between the session's answer and the list.
  if (early && early.key === keyOf(query) && Date.now() - early.startedAt < FRESH_MS) return;
  const page = fetchFeed(query);
  page.catch(() => undefined); // whoever takes it sees the failure; nobody may be left to
  early = { key: keyOf(query), startedAt: Date.now(), page };
}

/** The page started early for this query, once and while fresh; otherwise a new request. */
export function firstPage(query: FeedQuery): ReturnType<typeof fetchFeed> {
  const taken = early;
  early = null;
  if (taken && taken.key === keyOf(query) && Date.now() - taken.startedAt < FRESH_MS) return taken.page;
  return fetchFeed(query);
}

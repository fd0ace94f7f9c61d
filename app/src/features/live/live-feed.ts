import type { FeedItem } from "@shinian/contract";
import { fetchFeed } from "../../api/items.ts";
import type { LiveChange, LiveFeed } from "../../lib/items-changed.ts";
import { isUnsaved, withFirstPage } from "../home/use-feed.ts";

/**
 * The first page read again after another device changed something: the page as it is now, then
 * what the list held beyond it (further pages stay), without what was deleted; captures still
 * saving keep their place on top.
 */
export function withFreshFirstPage(
  list: FeedItem[],
  page: FeedItem[],
  gone: ReadonlySet<string>,
): FeedItem[] {
  const onPage = new Set(page.map((item) => `${item.type}:${item.id}`));
  const rest = list.filter(
    (item) => !isUnsaved(item) && !gone.has(item.id) && !onPage.has(`${item.type}:${item.id}`),
  );
  return [...withFirstPage(list.filter(isUnsaved), page), ...rest];
}

type Pending = { timer: ReturnType<typeof setTimeout>; gone: Set<string> };
const pending = new WeakMap<LiveFeed["generation"], Pending>();

/**
 * 首页's feed after another device's change: the first page is read again in place (changes that
 * come together are read once), so the list neither empties nor loses its further pages; `reload`
 * starts it over.
 */
export function updateFeed(change: LiveChange, feed: LiveFeed) {
  if (change.kind === "reload") return feed.restart();
  if (change.kind === "change" && change.event.itemType === "review") return;
  const waiting = pending.get(feed.generation) ?? { timer: undefined as never, gone: new Set<string>() };
  if (change.kind === "change" && change.event.type.endsWith(".deleted") && change.event.id)
    waiting.gone.add(change.event.id);
  clearTimeout(waiting.timer);
  waiting.timer = setTimeout(() => {
    pending.delete(feed.generation);
    const current = feed.generation.current;
    fetchFeed({ type: feed.type, tag: feed.tag }).then(
      (page) => {
        if (current !== feed.generation.current) return;
        feed.setItems((old) => withFreshFirstPage(old, page.items, waiting.gone));
        feed.setCursor((old) => old ?? page.nextCursor);
      },
      () => undefined, // the next change, or the next visit, reads it again
    );
  }, 150);
  pending.set(feed.generation, waiting);
}

import { INSIGHT_MAX_ITEMS, type InsightScope, TIMELINE_MAX_ITEMS } from "@shinian/contract";
import { plainTitle } from "@shinian/contract/plain-text";
import type { Source } from "../ai/grounding.ts";
import { imageNamesOf, withImageMentions } from "../ai/image-mentions.ts";
import type { Queryable } from "../db/pool.ts";
import { readableItems } from "../search/search.store.ts";
import { searchItems } from "../search/search.ts";
import { addDays } from "../shared/beijing-time.ts";

/** The start of a Beijing day (YYYY-MM-DD) as an instant. */
const beijingMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

export type ScopeItems = {
  /** Oldest first, each text cut to `itemChars` characters (its pictures named, never sent). */
  sources: Source[];
  /**
   * The scope held more than INSIGHT_MAX_ITEMS (or `last`): only the newest are here; or its query
   * found more than the 演变 timeline shows: only the best matching were read.
   */
  capped: boolean;
};

/**
 * The items a scope holds that the AI may read: never an idea marked 不让AI读取 nor a note
 * written from one (search.store.ts readableItems), never one in 回收站 (those rows have left the
 * tables), at most INSIGHT_MAX_ITEMS of the newest, each at most `itemChars` characters. A query
 * picks the items as the 演变 timeline does (the best TIMELINE_MAX_ITEMS search finds), and the
 * rest of the scope narrows those.
 */
export async function scopeItems(
  db: Queryable,
  userId: string,
  scope: InsightScope,
  itemChars: number,
): Promise<ScopeItems> {
  const wanted = Math.min(scope.last ?? INSIGHT_MAX_ITEMS, INSIGHT_MAX_ITEMS);
  const found = scope.q === undefined ? null : await searchItems(db, userId, scope.q, TIMELINE_MAX_ITEMS + 1);
  const rows = await readableItems(
    db,
    userId,
    {
      ids: found?.slice(0, TIMELINE_MAX_ITEMS).map((r) => r.id),
      tag: scope.tag?.replace(/^#/, ""),
      from: scope.from ? beijingMidnight(scope.from) : undefined,
      to: scope.to ? beijingMidnight(addDays(scope.to, 1)) : undefined,
    },
    wanted + 1,
    itemChars,
  );
  const capped =
    (scope.last === undefined && rows.length > wanted) || (found?.length ?? 0) > TIMELINE_MAX_ITEMS;
  const kept = rows.slice(0, wanted).reverse();
  const images = await imageNamesOf(
    db,
    userId,
    kept.map((r) => r.id),
  );
  const sources = kept.map((r): Source => {
    const text = withImageMentions(r.content, images.get(r.id)).trim();
    // as the assistant names an untitled item (ai/grounding.ts): by its first words
    return { type: r.type, id: r.id, title: r.title || plainTitle(text, 20), text, createdAt: r.created_at };
  });
  return { sources, capped };
}

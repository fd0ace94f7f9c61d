import {
  TIMELINE_LINKS_PER_ITEM,
  TIMELINE_MAX_ITEMS,
  type Timeline,
  type TimelineItem,
} from "@shinian/contract";
import { plainTitle } from "@shinian/contract/plain-text";
import type { AppDeps } from "../context.ts";
import { annotationCounts } from "../items/annotations.store.ts";
import { linksOfItems, withoutLinkIds } from "../links/links.ts";
import { searchItems } from "../search/search.ts";
import { idsUnderTag, itemsUnderTag } from "../search/timeline.store.ts";

const EXCERPT_CHARS = 120;

type Found = Pick<TimelineItem, "type" | "id" | "title" | "excerpt" | "createdAt">;

/**
 * 演变: the items under a tag, or found by a query as search finds them (with both, those of them
 * under the tag), oldest first, each with how many 批注 it has, the items it links to and how many
 * link to it. At most TIMELINE_MAX_ITEMS: under a tag the newest, for a query the best matching.
 */
export async function timeline(
  deps: AppDeps,
  userId: string,
  by: { tag?: string | undefined; q?: string | undefined },
): Promise<Timeline> {
  let items: Found[];
  const tag = by.tag?.replace(/^#/, "");
  if (by.q === undefined && tag !== undefined) {
    const rows = await itemsUnderTag(deps.db, userId, tag, TIMELINE_MAX_ITEMS + 1, EXCERPT_CHARS * 4);
    items = rows.map((r) => ({
      type: r.type,
      id: r.id,
      title: r.title || plainTitle(r.content, 30),
      excerpt: plainTitle(withoutLinkIds(r.content), EXCERPT_CHARS),
      createdAt: r.created_at.toISOString(),
    }));
  } else {
    const found = await searchItems(deps.db, userId, by.q ?? "", TIMELINE_MAX_ITEMS + 1);
    const under =
      tag === undefined
        ? null
        : await idsUnderTag(
            deps.db,
            userId,
            found.map((r) => r.id),
            tag,
          );
    items = found
      .filter((r) => !under || under.has(r.id))
      .map((r) => ({
        type: r.type,
        id: r.id,
        title: r.title,
        excerpt: withoutLinkIds(r.snippet),
        createdAt: r.createdAt,
      }));
  }
  const truncated = items.length > TIMELINE_MAX_ITEMS;
  const kept = items.slice(0, TIMELINE_MAX_ITEMS);
  kept.sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
  );
  return { items: await withThreadsAndLinks(deps, userId, kept), truncated };
}

async function withThreadsAndLinks(deps: AppDeps, userId: string, items: Found[]): Promise<TimelineItem[]> {
  const ideaIds = items.filter((i) => i.type === "idea").map((i) => i.id);
  const [annotations, links] = await Promise.all([
    annotationCounts(deps.db, userId, ideaIds),
    linksOfItems(deps.db, userId, items, TIMELINE_LINKS_PER_ITEM),
  ]);
  return items.map((i) => ({
    ...i,
    annotationCount: i.type === "idea" ? (annotations.get(i.id) ?? 0) : 0,
    ...links.get(`${i.type}:${i.id}`)!,
  }));
}

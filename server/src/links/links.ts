import {
  BACKLINKS_MAX,
  type Backlinks,
  type LinkRef,
  markdownToPlain,
  plainTitle,
  type ResolvedLink,
  rewriteLinks,
} from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { backlinkCounts, backlinks, itemExists, linkTargets, outgoingLinks } from "./links.store.ts";

const EXCERPT = 80;

/** Text for showing without rendering: a link reads as 〔链接〕, not as its id. */
export const withoutLinkIds = (text: string) => rewriteLinks(text, () => "〔链接〕");
const titleOf = (title: string, head: string) => title || plainTitle(withoutLinkIds(head));

/** 被引用 of one of the user's live ideas or notes; 404 for anything else. */
export async function backlinksOf(
  db: Queryable,
  userId: string,
  type: string,
  id: string,
): Promise<Backlinks> {
  if (type !== "idea" && type !== "note") throw notFound("内容不存在");
  const target: LinkRef = { type, id };
  if (!(await itemExists(db, userId, target))) throw notFound(type === "idea" ? "想法不存在" : "笔记不存在");
  const { rows, total } = await backlinks(db, userId, target, BACKLINKS_MAX);
  return {
    items: rows.map((r) => ({
      type: r.type,
      id: r.id,
      title: r.title,
      excerpt: markdownToPlain(withoutLinkIds(r.head), EXCERPT),
      createdAt: r.created_at.toISOString(),
    })),
    total,
  };
}

/** What each ref points at now, in the order asked; whatever the user does not have is 已删除. */
export async function resolveLinks(db: Queryable, userId: string, refs: LinkRef[]): Promise<ResolvedLink[]> {
  const asked = refs.map((r) => ({ type: r.type, id: r.id.toLowerCase() }));
  const found = new Map((await linkTargets(db, userId, asked)).map((t) => [`${t.type}:${t.id}`, t] as const));
  return asked.map((ref) => {
    const t = found.get(`${ref.type}:${ref.id}`);
    return t
      ? { ...ref, state: t.state, title: titleOf(t.title, t.head) }
      : { ...ref, state: "deleted" as const, title: "" };
  });
}

export type ItemLinks = { links: ResolvedLink[]; linkCount: number; backlinkCount: number };

/**
 * For each of the user's items (keyed `type:id`): the first `shown` items its text links to, as
 * they are now, how many it links to, and how many live items link to it.
 */
export async function linksOfItems(
  db: Queryable,
  userId: string,
  items: LinkRef[],
  shown: number,
): Promise<Map<string, ItemLinks>> {
  const ids = items.map((i) => i.id);
  const [outgoing, counts] = await Promise.all([
    outgoingLinks(db, userId, ids),
    backlinkCounts(db, userId, items),
  ]);
  const bySource = new Map<string, LinkRef[]>();
  for (const row of outgoing) {
    const list = bySource.get(row.source_id) ?? [];
    list.push({ type: row.target_type, id: row.target_id });
    bySource.set(row.source_id, list);
  }
  const wanted = [...bySource.values()].flatMap((list) => list.slice(0, shown));
  const resolved = wanted.length ? await resolveLinks(db, userId, wanted) : [];
  const byRef = new Map(resolved.map((r) => [`${r.type}:${r.id}`, r]));
  return new Map(
    items.map((item) => {
      const targets = bySource.get(item.id) ?? [];
      const links = targets.slice(0, shown).map((t) => byRef.get(`${t.type}:${t.id.toLowerCase()}`)!);
      const key = `${item.type}:${item.id}`;
      return [key, { links, linkCount: targets.length, backlinkCount: counts.get(key) ?? 0 }];
    }),
  );
}

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
import { backlinks, itemExists, linkTargets } from "./links.store.ts";

const EXCERPT = 80;

/** Text for showing without rendering: a link reads as 〔链接〕, not as its id. */
const withoutLinkIds = (text: string) => rewriteLinks(text, () => "〔链接〕");
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

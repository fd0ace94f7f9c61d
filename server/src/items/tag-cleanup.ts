import {
  TAG_CLEANUP_GROUPS_MAX,
  TAG_CLEANUP_SINGLETONS_MAX,
  TAG_SEPARATOR,
  type TagCleanup,
  type TagUse,
} from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { isPlainTag, tagKey } from "./tag-key.ts";
import { tagsUsedOnce, tagUses } from "./tags.store.ts";

/** Chinese names in pinyin order, as a Chinese reader looks for them. */
const byPinyin = new Intl.Collator("zh-Hans-CN");

/** Every parent of `tag`: `a/b/c` → `a`, `a/b`. */
const parentsOf = (tag: string) => {
  const levels = tag.split(TAG_SEPARATOR);
  return levels.slice(1).map((_, i) => levels.slice(0, i + 1).join(TAG_SEPARATOR));
};

/**
 * 标签整理: the user's tags that `tagKey` makes one (each group the most used first, then the plain
 * spelling, the groups with
 * the most items first), and the tags only one item carries that no group holds. A parent used once
 * is left out of the singletons: its one child is listed, and renaming the child is what tidies it.
 */
export async function tagCleanup(db: Queryable, userId: string): Promise<TagCleanup> {
  const [uses, once] = await Promise.all([tagUses(db, userId), tagsUsedOnce(db, userId)]);
  const byKey = new Map<string, TagUse[]>();
  for (const use of uses) {
    const key = tagKey(use.name);
    const group = byKey.get(key);
    if (group) group.push(use);
    else byKey.set(key, [use]);
  }
  const total = (tags: TagUse[]) => tags.reduce((n, t) => n + t.count, 0);
  // the same count: the plain spelling first (读书 before 讀書), as the one merged into by default
  const plainFirst = (a: TagUse, b: TagUse) => b.count - a.count || +isPlainTag(b.name) - +isPlainTag(a.name);
  const groups = [...byKey.values()]
    .filter((tags) => tags.length > 1)
    .map((tags) => tags.sort(plainFirst))
    .sort((a, b) => total(b) - total(a) || byPinyin.compare(a[0]!.name, b[0]!.name));
  const grouped = new Set(groups.flatMap((tags) => tags.map((t) => t.name)));
  const parents = new Set(once.flatMap(parentsOf));
  const singletons = once
    .filter((tag) => !grouped.has(tag) && !parents.has(tag))
    .sort(byPinyin.compare)
    .slice(0, TAG_CLEANUP_SINGLETONS_MAX);
  return { groups: groups.slice(0, TAG_CLEANUP_GROUPS_MAX).map((tags) => ({ tags })), singletons };
}

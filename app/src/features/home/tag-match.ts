import type { TagCount } from "@shinian/contract/tag-schemas";

/** What follows the `#` compared as typed: lower case, levels run together (`ds/xs` as `dsxs`). */
const flat = (text: string) => text.toLowerCase().replaceAll("/", "");

/**
 * The person's tags that fit what follows a `#` being typed, best first: those whose name starts
 * with it, then those with a level that does or whose pinyin or initials do (`yd`, `yuedu` for
 * 阅读, `xs` for 读书/小说), then those whose name holds it; within each, in the list's order (the
 * most used first). Nothing typed yet: every tag in that order.
 */
export function matchTags(tags: readonly TagCount[], typed: string): TagCount[] {
  const q = flat(typed);
  if (!q) return [...tags];
  const rank = (tag: TagCount) => {
    const name = tag.name.toLowerCase();
    if (flat(name).startsWith(q)) return 0;
    const levels = [name, tag.pinyin ?? "", tag.initials ?? ""].flatMap((s) => s.split("/"));
    if (
      levels.some((level) => level.startsWith(q)) ||
      flat(tag.pinyin ?? "").startsWith(q) ||
      flat(tag.initials ?? "").startsWith(q)
    )
      return 1;
    return name.includes(typed.toLowerCase()) ? 2 : 3;
  };
  return tags
    .map((tag, order) => ({ tag, order, rank: rank(tag) }))
    .filter((t) => t.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((t) => t.tag);
}

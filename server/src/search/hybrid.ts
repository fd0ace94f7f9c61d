import type { ItemRef, SearchItem, SearchResult } from "@shinian/contract";
import { type MeaningDeps, meaningMatches } from "./embeddings/nearest.ts";
import { rowsByIds } from "./search.store.ts";
import { meaningItem, searchItems } from "./search.ts";

export type Fused = ItemRef & { matchedBy: SearchItem["matchedBy"] };

/**
 * Keyword and meaning results in one list: the keyword hits in their own order (exact matches
 * above pinyin ones — a person who typed a word they wrote expects that item first), marked `both`
 * when also close in meaning, then the meaning-only hits, closest first.
 */
export function fuse(keyword: ItemRef[], meaning: ItemRef[], limit: number): Fused[] {
  const byMeaning = new Set(meaning.map((r) => r.id));
  const byWords = new Set(keyword.map((r) => r.id));
  const words: Fused[] = keyword.map((r) => ({
    type: r.type,
    id: r.id,
    matchedBy: byMeaning.has(r.id) ? "both" : "keyword",
  }));
  const meaningOnly: Fused[] = meaning
    .filter((r) => !byWords.has(r.id))
    .map((r) => ({ type: r.type, id: r.id, matchedBy: "meaning" }));
  return [...words, ...meaningOnly].slice(0, limit);
}

/**
 * The search page's search: words (search/search.ts) and, with embeddings on, meaning, fused.
 * `meaning`: whether meaning was searched too (off: embeddings off; failed: the provider failed
 * or was too slow this time, keywords only).
 */
export async function hybridSearch(
  deps: MeaningDeps,
  userId: string,
  q: string,
  limit: number,
): Promise<SearchResult> {
  const [keyword, meaning] = await Promise.all([
    searchItems(deps.db, userId, q, limit),
    meaningMatches(deps, userId, q, limit),
  ]);
  if (!meaning) return { items: keyword, meaning: deps.config.embedding && q.trim() ? "failed" : "off" };
  const fused = fuse(keyword, meaning, limit);
  const found = new Map(keyword.map((i) => [i.id, i]));
  const missing = fused.filter((f) => !found.has(f.id));
  for (const row of missing.length ? await rowsByIds(deps.db, userId, missing) : []) {
    found.set(row.id, meaningItem(row));
  }
  // an item deleted since its vector was read is left out
  const items = fused.flatMap((f) => {
    const item = found.get(f.id);
    return item ? [{ ...item, matchedBy: f.matchedBy }] : [];
  });
  return { items, meaning: "used" };
}

import type { ItemRef } from "@shinian/contract";
import { type MeaningDeps, meaningMatches } from "../search/embeddings/nearest.ts";
import { fuse } from "../search/hybrid.ts";
import { type SourceRow, sourcesByIds } from "../search/search.store.ts";

/** Sources found by meaning for a question, except `skip`; [] when embeddings are off or failed. */
export type MeaningLookup = (question: string, skip: string[], limit: number) => Promise<SourceRow[]>;

export function meaningSources(deps: MeaningDeps, userId: string): MeaningLookup {
  return async (question, skip, limit) => {
    const found = await meaningMatches(deps, userId, question, limit + skip.length);
    const refs: ItemRef[] = (found ?? []).filter((r) => !skip.includes(r.id)).slice(0, limit);
    if (refs.length === 0) return [];
    const rows = new Map((await sourcesByIds(deps.db, userId, refs)).map((r) => [r.id, r]));
    return refs.flatMap((r) => rows.get(r.id) ?? []);
  };
}

/** Items also found by meaning join the keyword ones; a few meaning-only ones may follow them. */
const MEANING_EXTRA = 2;

export function withMeaning(keyword: SourceRow[], meaning: SourceRow[], limit: number): SourceRow[] {
  const rows = new Map([...meaning, ...keyword].map((r) => [r.id, r]));
  return fuse(keyword, meaning, limit + MEANING_EXTRA).map((f) => rows.get(f.id)!);
}

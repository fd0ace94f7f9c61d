import type { ItemRef, RelatedItem } from "@shinian/contract";
import { markdownToPlain, plainTitle } from "@shinian/contract/plain-text";
import type { AppDeps } from "../context.ts";
import { notFound } from "../errors.ts";
import { nearestItems } from "./embeddings/nearest.ts";
import { fuse } from "./hybrid.ts";
import {
  bestSharing,
  type CandidateRow,
  type ItemTerm,
  itemTerms,
  recountTermStats,
  type TermStatsState,
  termStatsState,
} from "./related.store.ts";
import { rowsByIds } from "./search.store.ts";
import { RELATED_STOPWORDS } from "./stopwords.ts";
import { topicOf } from "./topics.ts";
import { quoteLexeme } from "./words.ts";

export const RELATED_LIMIT = 5;
/** The item's most telling words read (a long note has thousands), and the strongest asked for. */
const WORDS_READ = 40;
const WORDS_ASKED = 10;
/**
 * A word in this many items or fewer is rare: all of its items are candidates (two index scans in
 * all, whatever the words); the items of the commoner words are a sample of COMMON_SAMPLE.
 */
const RARE_DOCS = 50;
const COMMON_SAMPLE = 50;
/** In an account this size or more, a word in over a quarter of the items relates nothing. */
const COMMON_FROM_ITEMS = 20;
const COMMON_SHARE = 0.25;
/** Counted again on the request while the account is this small (ts_stat: ~17 ms for 10,000 ideas here), else in the background. */
const COUNT_INLINE_UP_TO = 3_000;
const SNIPPET = 80;
/**
 * A shared everyday topic (search/topics.ts) against a shared word: bench related-groups measured
 * 1 (a word like any other), 1.5, 2 and 3 (docs/search-quality.md).
 */
const TOPIC_BOOST = 2;

/** One of the item's words, with what sharing it is worth. */
export type Term = { lexeme: string; value: number; docs: number };

/**
 * The person's items that share the item's telling words, best first: each shared word counts for
 * how rare it is among their own items (idf) and where it stands in the item (title and tags
 * first); stop words never count. Bounded: one row read for the item, then at most
 * WORDS_ASKED × RARE_DOCS + COMMON_SAMPLE candidates through the search index, scored in PostgreSQL. 404 when the item is not theirs.
 */
export async function relatedItems(deps: AppDeps, userId: string, item: ItemRef): Promise<RelatedItem[]> {
  const [byWords, byMeaning] = await Promise.all([
    sharingWords(deps, userId, item),
    nearInMeaning(deps, userId, item),
  ]);
  if (byMeaning.length === 0) return byWords;
  const fused = fuse(byWords, byMeaning, RELATED_LIMIT);
  const meaningOnly = fused.filter((f) => f.matchedBy === "meaning");
  const rows = new Map((await rowsByIds(deps.db, userId, meaningOnly)).map((r) => [r.id, r]));
  const words = new Map(byWords.map((r) => [r.id, r]));
  return fused.flatMap((f): RelatedItem[] => {
    const shared = words.get(f.id);
    if (shared) return [shared];
    const row = rows.get(f.id);
    if (!row) return [];
    const title = row.title || firstLine(row.content);
    return [
      {
        type: row.type,
        id: row.id,
        title,
        snippet: flat(row.content),
        sharedWords: [],
        createdAt: row.created_at.toISOString(),
      },
    ];
  });
}

/**
 * Items close in meaning (embeddings on and the item has a vector of the current model), above the
 * model's similarity threshold; [] otherwise. They share no words, so they follow the ones that do.
 */
async function nearInMeaning(deps: AppDeps, userId: string, item: ItemRef): Promise<ItemRef[]> {
  const config = deps.config.embedding;
  if (!config) return [];
  const near = await nearestItems(deps.db, userId, item, RELATED_LIMIT);
  return near.filter((n) => n.score >= config.minSimilarity);
}

async function sharingWords(deps: AppDeps, userId: string, item: ItemRef): Promise<RelatedItem[]> {
  const read = () => itemTerms(deps.db, userId, item, [...RELATED_STOPWORDS], WORDS_READ);
  let [state, words] = await Promise.all([termStatsState(deps.db, userId), read()]);
  if (!words) throw notFound(item.type === "idea" ? "想法不存在" : "笔记不存在");
  if (isStale(state) && state.items <= COUNT_INLINE_UP_TO) {
    await recountTermStats(deps.db, userId);
    words = (await read()) ?? [];
  } else if (isStale(state)) recountLater(deps, userId);

  const terms = weigh(words, Math.max(state.items, 1));
  if (terms.length === 0) return [];
  const ask = askFor(terms);
  const rows = await bestSharing(deps.db, userId, item, ask.words, ask.pools, ask.caps, RELATED_LIMIT);
  return rows.map((r) => toRelated(r, terms));
}

/**
 * The account's word counts as they stand, counted again first while the account is small and
 * stale, else in the background (the answer then uses the last count).
 */
export async function freshTermStats(deps: AppDeps, userId: string): Promise<TermStatsState> {
  const state = await termStatsState(deps.db, userId);
  if (!isStale(state)) return state;
  if (state.items > COUNT_INLINE_UP_TO) {
    recountLater(deps, userId);
    return state;
  }
  await recountTermStats(deps.db, userId);
  return { ...state, counted: state.items, ageDays: 0 };
}

/** The candidates' statement's inputs for these words: their tsqueries and values, and the two pools. */
export function askFor(terms: Term[]) {
  return {
    words: { tsqueries: terms.map((t) => quoteLexeme(t.lexeme)), values: terms.map((t) => t.value) },
    pools: {
      rare: anyOf(terms.filter((t) => t.docs <= RARE_DOCS)),
      common: anyOf(terms.filter((t) => t.docs > RARE_DOCS)),
    },
    caps: { rare: WORDS_ASKED * RARE_DOCS, common: COMMON_SAMPLE },
  };
}

/** The strongest WORDS_ASKED words: weight in the item (log-damped) × rarity among the person's items. */
export function weigh(words: ItemTerm[], items: number): Term[] {
  return (
    words
      // a topic a quarter of the person's items speak of relates nothing, however few they are: it
      // would count their commonest word twice (工作 and its topic ~工作)
      .filter(
        (w) => (items < COMMON_FROM_ITEMS && topicOf(w.lexeme) === null) || w.docs <= items * COMMON_SHARE,
      )
      .filter((w) => !/^\p{N}+$/u.test(w.lexeme))
      .map((w) => {
        const idf = Math.log(1 + items / w.docs);
        // one character (去, 边, a) is seldom a topic on its own; a topic of the lexicon is one
        const short = [...w.lexeme].length === 1 ? 0.5 : 1;
        const topic = topicOf(w.lexeme) === null ? 1 : TOPIC_BOOST;
        return { lexeme: w.lexeme, value: Math.log(1 + w.weight) * idf * short * topic, docs: w.docs };
      })
      .sort((a, b) => b.value - a.value || a.lexeme.localeCompare(b.lexeme))
      .slice(0, WORDS_ASKED)
  );
}

/** A chosen row as the API answers it: its shared words weightiest first. */
export function toRelated(r: CandidateRow, terms: Term[]): RelatedItem {
  // a shared topic (~跑步) is no word the person wrote: it ranks, but is not shown as one
  const shared = r.hits
    .map((i) => terms[i - 1]!)
    .filter((t) => topicOf(t.lexeme) === null)
    .sort((a, b) => b.value - a.value);
  return {
    type: r.type,
    id: r.id,
    title: r.title || firstLine(r.head),
    snippet: flat(r.head),
    sharedWords: shared.map((t) => t.lexeme),
    createdAt: r.created_at.toISOString(),
  };
}

/** A tsquery matching any of the words as written (not as pinyin, weight D), or null for none. */
const anyOf = (terms: Term[]) =>
  terms.length ? terms.map((t) => `${quoteLexeme(t.lexeme)}:ABC`).join(" | ") : null;

const isStale = (s: TermStatsState) =>
  s.counted === null || Math.abs(s.items - s.counted) > Math.max(3, s.counted / 10) || (s.ageDays ?? 0) > 7;

/** Accounts being recounted by this process: one recount at a time each. */
const recounting = new Set<string>();

function recountLater(deps: AppDeps, userId: string) {
  if (recounting.has(userId)) return;
  recounting.add(userId);
  deps.work
    .track(recountTermStats(deps.db, userId))
    .catch((err) => deps.logger.warn("term stats recount failed", { err }))
    .finally(() => recounting.delete(userId));
}

/** A related item's snippet and title: its start and its first line, as plain text (no `**`, no link addresses). */
export const flat = (text: string) => markdownToPlain(text, SNIPPET);
export const firstLine = (text: string) => plainTitle(text);

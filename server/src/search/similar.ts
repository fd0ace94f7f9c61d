import { type ItemRef, SIMILAR_LIMIT, type SimilarItem } from "@shinian/contract";
import { tagsInText } from "@shinian/contract/tags";
import type { AppDeps } from "../context.ts";
import { meaningMatches } from "./embeddings/nearest.ts";
import { bestSharing, type CandidateRow, type ItemTerm, termDocs } from "./related.store.ts";
import { askFor, firstLine, flat, freshTermStats, type Term, weigh } from "./related.ts";
import { rowsByIds } from "./search.store.ts";
import { RELATED_STOPWORDS } from "./stopwords.ts";
import { topicOf, topicWords } from "./topics.ts";
import { foldForSearch, wordsOf } from "./words.ts";

/** The start of a draft read for its words: a capture's first lines say what it is about. */
const DRAFT_READ = 2_000;
/**
 * An earlier item is shown when the words it shares are worth this share of all the draft's words
 * (their values, as 相关内容 weighs them): one common word in a long draft is not "nearly the same".
 */
const MIN_SHARE = 0.2;
/** Words of a draft's #tags count as 相关内容 counts an item's title and tags: 2 more. */
const TAG_WEIGHT = 2;
const REASON_WORDS = 3;
const NO_ITEM = "00000000-0000-0000-0000-000000000000";
const LINK = /\[\[(?:idea|note):[0-9a-f-]{36}\]\]/gi;
const stop = new Set(RELATED_STOPWORDS);

/**
 * 你想过这个: the person's earlier ideas and notes that say nearly the same thing as a draft, with
 * why, best first: on the same matching as 相关内容 (shared words weighed by rarity among their own
 * items, shared everyday topics) and, with embeddings on and a draft that may be sent (not
 * 不让AI读取), by meaning too. Bounded: the draft's first DRAFT_READ characters, one read of word
 * counts, one candidates' statement (as 相关内容's), and at most one query vector.
 */
export async function similarToDraft(
  deps: AppDeps,
  userId: string,
  draft: { text: string; aiExcluded?: boolean },
): Promise<SimilarItem[]> {
  const head = draft.text.replace(LINK, " ").slice(0, DRAFT_READ);
  const [byWords, byMeaning] = await Promise.all([
    sharingWords(deps, userId, head),
    draft.aiExcluded ? null : meaningMatches(deps, userId, head, SIMILAR_LIMIT),
  ]);
  const chosen = byWords.slice(0, SIMILAR_LIMIT);
  const taken = new Set(chosen.map((c) => c.id));
  const closer = (byMeaning ?? []).filter((m) => !taken.has(m.id)).slice(0, SIMILAR_LIMIT - chosen.length);
  if (!closer.length) return chosen;
  const rows = await rowsByIds(deps.db, userId, closer);
  const meant = rows.map(
    (r): SimilarItem => ({
      type: r.type,
      id: r.id,
      title: r.title || firstLine(r.content),
      excerpt: flat(r.content),
      createdAt: r.created_at.toISOString(),
      reason: "意思相近",
    }),
  );
  return [...chosen, ...meant];
}

async function sharingWords(deps: AppDeps, userId: string, head: string): Promise<SimilarItem[]> {
  const folded = foldForSearch(head);
  const tags = tagsInText(head).map(foldForSearch);
  const counts = draftWords(folded, tags);
  if (!counts.size) return [];
  const state = await freshTermStats(deps, userId);
  const docs = await termDocs(deps.db, userId, [...counts.keys()]);
  const words: ItemTerm[] = [...counts].map(([lexeme, weight]) => ({
    lexeme,
    weight,
    docs: docs.get(lexeme) ?? 1,
  }));
  const terms = weigh(words, Math.max(state.items, 1));
  if (!terms.length) return [];
  const ask = askFor(terms);
  const item: ItemRef = { type: "idea", id: NO_ITEM };
  const rows = await bestSharing(deps.db, userId, item, ask.words, ask.pools, ask.caps, SIMILAR_LIMIT);
  const total = terms.reduce((sum, t) => sum + t.value, 0);
  return rows
    .filter((r) => r.hits.reduce((sum, i) => sum + terms[i - 1]!.value, 0) >= MIN_SHARE * total)
    .map((r) => toSimilar(r, terms, tags));
}

/** The draft's words as 相关内容 weighs an item's: how often each stands, 2 more in a #tag. */
function draftWords(folded: string, tags: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (w: string, n = 1) => {
    if (stop.has(w) || /^\p{N}+$/u.test(w)) return;
    counts.set(w, (counts.get(w) ?? 0) + n);
  };
  for (const { word } of wordsOf(folded)) add(word);
  const topics = topicWords(folded);
  for (const w of [...topics.words, ...topics.topics]) add(w);
  for (const tag of tags) for (const { word } of wordsOf(tag)) add(word, TAG_WEIGHT);
  return counts;
}

/** A chosen row with the reason a person reads: a shared tag, else the shared words, else the topic. */
function toSimilar(r: CandidateRow, terms: Term[], draftTags: string[]): SimilarItem {
  const shared = r.hits.map((i) => terms[i - 1]!).sort((a, b) => b.value - a.value);
  const words = shared.filter((t) => topicOf(t.lexeme) === null).map((t) => t.lexeme);
  const topics = shared.flatMap((t) => topicOf(t.lexeme) ?? []);
  const sameTags = r.tags.filter((t) => draftTags.includes(foldForSearch(t)));
  const reason = sameTags.length
    ? `标签相同：${sameTags.map((t) => `#${t}`).join("、")}`
    : words.length
      ? `相同的词：${words.slice(0, REASON_WORDS).join("、")}`
      : `同一话题：${topics.slice(0, REASON_WORDS).join("、")}`;
  return {
    type: r.type,
    id: r.id,
    title: r.title || firstLine(r.head),
    excerpt: flat(r.head),
    createdAt: r.created_at.toISOString(),
    reason,
  };
}

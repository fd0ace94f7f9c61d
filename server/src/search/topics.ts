/**
 * A hand-kept lexicon of everyday topics (issue 33, item 10): 相关内容 and 你想过这个 relate
 * 马拉松 and 5公里配速 without a model because both are words of the topic 跑步. Each text's topics
 * become search words of their own (TOPIC_MARK + topic), never typed by a person, so search never
 * finds them; the lexicon's words it says become words too, since the segmenter splits many of them
 * (配速 → 配|速). The lexicon (search/topic-lexicon.ts) is a broad general one of everyday life,
 * written by a helper session, 2026-12-03, without looking at any evaluation set. Words of two or
 * more characters only: one character (跑, 茶) says too little.
 */
import { TOPIC_LEXICON } from "./topic-lexicon.ts";

/** Marks a topic among an item's search words: no segmented word starts with it. */
export const TOPIC_MARK = "~";

type Lexicon = {
  /** Each word's topics. */
  byWord: Map<string, string[]>;
  /**
   * The words by their first two characters (every word has two), longest first, so that 番茄炒蛋
   * is read before 番茄; by two, not one, since ~12,000 words share few first characters (小, 大).
   */
  byStart: Map<string, string[]>;
};

/**
 * Built on first use, not on import: most threads that load this module (an import's worker, the
 * words pool at rest) never read a topic, and the tables are ~12,000 words to sort and index.
 */
let built: Lexicon | null = null;
function lexicon(): Lexicon {
  if (built) return built;
  const byWord = new Map<string, string[]>();
  for (const line of TOPIC_LEXICON.trim().split("\n")) {
    const [topic, words] = line.split(":");
    for (const word of new Set([topic!.trim(), ...words!.trim().split(/\s+/)])) {
      if ([...word].length < 2) continue;
      byWord.set(word, [...(byWord.get(word) ?? []), topic!.trim()]);
    }
  }
  const byStart = new Map<string, string[]>();
  for (const word of [...byWord.keys()].sort((a, b) => b.length - a.length)) {
    const start = word.slice(0, 2);
    const list = byStart.get(start);
    if (list) list.push(word);
    else byStart.set(start, [word]);
  }
  built = { byWord, byStart };
  return built;
}
const LATIN = /[a-z0-9]/;

/**
 * The lexicon's words a folded text says (longest match, left to right; a word in letters only as a
 * whole word: git is not in digit), and their topics as search words (~跑步), each once. One look-up
 * per character.
 */
export function topicWords(folded: string): { words: string[]; topics: string[] } {
  const { byWord, byStart } = lexicon();
  const words = new Set<string>();
  const topics = new Set<string>();
  for (let i = 0; i < folded.length; ) {
    const found = byStart
      .get(folded.slice(i, i + 2))
      ?.find((w) => folded.startsWith(w, i) && whole(folded, i, w));
    if (!found) {
      i++;
      continue;
    }
    words.add(found);
    for (const t of byWord.get(found)!) topics.add(TOPIC_MARK + t);
    i += found.length;
  }
  return { words: [...words], topics: [...topics] };
}

const whole = (text: string, at: number, word: string) =>
  !LATIN.test(word[0]!) || (!LATIN.test(text[at - 1] ?? "") && !LATIN.test(text[at + word.length] ?? ""));

/** A search word that is a topic mark, as a person reads it (跑步), else null. */
export const topicOf = (lexeme: string) => (lexeme.startsWith(TOPIC_MARK) ? lexeme.slice(1) : null);

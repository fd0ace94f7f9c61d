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
  byStart: Map<number, string[]>;
};

/** Two UTF-16 units as one number: the look-up per character allocates no string. */
const startOf = (text: string, at: number) => text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1);

/**
 * Built on first use, not on import: a thread that loads this module may never read a topic (the
 * words pool at rest), and the tables are ~12,000 words to sort and index.
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
  const byStart = new Map<number, string[]>();
  for (const word of [...byWord.keys()].sort((a, b) => b.length - a.length)) {
    const start = startOf(word, 0);
    const list = byStart.get(start);
    if (list) list.push(word);
    else byStart.set(start, [word]);
  }
  built = { byWord, byStart };
  return built;
}
const LATIN = /[a-z0-9]/;

/**
 * A topic is kept when it is at least this share of the text's strongest one: 凌晨 alone (a word of
 * 睡眠) does not make a note of 跑外卖 one of sleep. Chosen on the tuning set only with bench
 * related-methods (docs/search-quality.md).
 */
const KEPT_SHARE = 0.67;

/**
 * The lexicon's words a folded text says (longest match, left to right; letters and digits at a
 * word's ends only as whole words: git is not in digit, 沪深300 not in 沪深3000), each once, and
 * their topics as search words (~跑步): a topic as many times as the text says words of it, so that
 * its strength counts. A word under two topics gives each half its strength when choosing which
 * topics are kept. One look-up per character.
 */
export function topicWords(folded: string, keptShare = KEPT_SHARE): { words: string[]; topics: string[] } {
  const { byWord, byStart } = lexicon();
  const words = new Set<string>();
  for (let i = 0; i < folded.length - 1; ) {
    const found = longestAt(folded, i, byStart.get(startOf(folded, i)));
    if (found === null) {
      i++;
      continue;
    }
    words.add(found);
    i += found.length;
  }
  const strength = new Map<string, { share: number; words: number }>();
  for (const word of words) {
    const topics = byWord.get(word)!;
    for (const t of topics) {
      const s = strength.get(t) ?? { share: 0, words: 0 };
      strength.set(t, { share: s.share + 1 / topics.length, words: s.words + 1 });
    }
  }
  const strongest = Math.max(0, ...[...strength.values()].map((s) => s.share));
  const topics = [...strength].flatMap(([t, s]) =>
    s.share >= strongest * keptShare ? Array<string>(s.words).fill(TOPIC_MARK + t) : [],
  );
  return { words: [...words], topics };
}

function longestAt(text: string, at: number, candidates: string[] | undefined): string | null {
  if (candidates === undefined) return null;
  for (const word of candidates) if (text.startsWith(word, at) && whole(text, at, word)) return word;
  return null;
}

const whole = (text: string, at: number, word: string) =>
  (!LATIN.test(word[0]!) || !LATIN.test(text[at - 1] ?? "")) &&
  (!LATIN.test(word.at(-1)!) || !LATIN.test(text[at + word.length] ?? ""));

/** A search word that is a topic mark, as a person reads it (跑步), else null. */
export const topicOf = (lexeme: string) => (lexeme.startsWith(TOPIC_MARK) ? lexeme.slice(1) : null);

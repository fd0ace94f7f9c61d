import { loadPinyin, pinyinWords, type WordAt } from "./pinyin-words.ts";
import { simplified } from "./simplified.ts";

/**
 * Chinese-aware search tokens. Intl.Segmenter splits Chinese into words (今天|想到|一个|产品);
 * we store them as a tsvector LITERAL ('lexeme':pos+weight) instead of calling to_tsvector,
 * because PostgreSQL's text parser depends on the cluster locale: under the C locale it drops
 * CJK characters entirely. A literal is parsed the same way on every server.
 */
// Created on first use: loading ICU's Chinese dictionary costs ~0.2 s that start-up need not pay.
let segmenter: Intl.Segmenter | null = null;
const MAX_LEXEME = 100;
const MAX_POSITIONS = 255;
const MAX_POSITION = 16383;

/** Text as search compares it: NFKC (ＡＢＣ is abc), lower case, 繁体 as 简体 (時間 is 时间). */
export const foldForSearch = (text: string) => simplified(text.normalize("NFKC").toLowerCase());

export function tokenize(text: string): string[] {
  return wordsOf(foldForSearch(text)).map((w) => w.word);
}

export function wordsOf(folded: string): WordAt[] {
  const out: WordAt[] = [];
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  for (const s of segmenter.segment(folded)) {
    if (s.isWordLike) out.push({ word: s.segment.slice(0, MAX_LEXEME), at: s.index });
  }
  return out;
}

export const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** `pinyin`: a title or tags, also found by the pinyin of their words (pinyin-words.ts). */
export type Weighted = { text: string; weight: "A" | "B" | "C" | "D"; pinyin?: boolean };

/**
 * Pinyin words weigh least (D), so that a query in letters ranks the items that contain those
 * letters above the items whose titles or tags only sound like them.
 */
export function toTsvectorLiteral(fields: Weighted[], pinyin?: Parameters<typeof pinyinWords>[0]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  const add = (token: string, weight: Weighted["weight"]) => {
    pos = Math.min(pos + 1, MAX_POSITION);
    const list = positions.get(token) ?? [];
    if (list.length < MAX_POSITIONS) list.push(`${pos}${weight}`);
    positions.set(token, list);
  };
  for (const field of fields) {
    const folded = foldForSearch(field.text);
    const words = wordsOf(folded);
    for (const { word } of words) add(word, field.weight);
    if (field.pinyin && pinyin) for (const word of pinyinWords(pinyin, folded, words)) add(word, "D");
    pos = Math.min(pos + 1, MAX_POSITION); // words of different fields are never adjacent
  }
  return [...positions].map(([lexeme, list]) => `${quoteLexeme(lexeme)}:${list.join(",")}`).join(" ");
}

/** All query words must match (AND); null when the query has no word at all. */
export function toTsqueryLiteral(query: string): string | null {
  const tokens = [...new Set(tokenize(query))];
  return tokens.length ? tokens.map(quoteLexeme).join(" & ") : null;
}

// What these make of an item has a version: stores/search-reindex.ts's SEARCH_WORDS_VERSION.
export const ideaVector = async (i: {
  title: string;
  content: string;
  originalContent: string;
  tags: string[];
}) =>
  toTsvectorLiteral(
    [
      { text: i.title, weight: "A", pinyin: true },
      { text: i.tags.join(" "), weight: "A", pinyin: true },
      { text: i.content, weight: "B" },
      { text: i.originalContent === i.content ? "" : i.originalContent, weight: "C" },
    ],
    await loadPinyin(),
  );

export const noteVector = async (n: { title: string; content: string; tags: string[] }) =>
  toTsvectorLiteral(
    [
      { text: n.title, weight: "A", pinyin: true },
      { text: n.tags.join(" "), weight: "A", pinyin: true },
      { text: n.content, weight: "B" },
    ],
    await loadPinyin(),
  );

/** A stored idea or note as services/search-reindex.ts reads it back to rebuild its search words. */
export type IndexedRow = {
  type: "idea" | "note";
  title: string;
  content: string;
  original_content: string;
  tags: string[];
};

export const rowVector = (r: IndexedRow) =>
  r.type === "idea" ? ideaVector({ ...r, originalContent: r.original_content }) : noteVector(r);

/** The search words of a tag alone, added to an item's when a tag is renamed (stores/tags.ts). */
export const tagWordsVector = async (tag: string) =>
  toTsvectorLiteral([{ text: tag, weight: "A", pinyin: true }], await loadPinyin());

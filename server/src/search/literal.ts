import type { WordAt } from "./pinyin-words.ts";

/**
 * Chinese-aware search tokens. Intl.Segmenter splits Chinese into words (今天|想到|一个|产品), stored
 * as a tsvector LITERAL ('lexeme':pos+weight) rather than by to_tsvector, whose parser depends on the
 * cluster locale (under C it drops CJK entirely). This half needs neither pinyin-pro nor opencc-js
 * (words.ts folds and adds pinyin): an import's thread makes literals from what the main thread folded.
 */
// Created on first use: loading ICU's Chinese dictionary costs ~0.2 s that start-up need not pay.
let segmenter: Intl.Segmenter | null = null;
const MAX_LEXEME = 100;
const MAX_POSITIONS = 255;
const MAX_POSITION = 16383;

export function wordsOf(folded: string): WordAt[] {
  const out: WordAt[] = [];
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  for (const s of segmenter.segment(folded)) {
    if (s.isWordLike) out.push({ word: s.segment.slice(0, MAX_LEXEME), at: s.index });
  }
  return out;
}

export const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** A field as search compares it (words.ts's foldForSearch), with its pinyin words if any. */
export type FoldedField = {
  folded: string;
  weight: "A" | "B" | "C" | "D";
  pinyin: string[];
  /** Words added as they are, at the field's weight (a text's topics: search/topics.ts). */
  extra?: string[];
};

/**
 * Pinyin words weigh least (D), so that a query in letters ranks the items that contain those
 * letters above the items whose titles or tags only sound like them.
 */
export function literalOf(fields: FoldedField[]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  const add = (token: string, weight: FoldedField["weight"]) => {
    pos = Math.min(pos + 1, MAX_POSITION);
    const list = positions.get(token) ?? [];
    if (list.length < MAX_POSITIONS) list.push(`${pos}${weight}`);
    positions.set(token, list);
  };
  for (const field of fields) {
    for (const { word } of wordsOf(field.folded)) add(word, field.weight);
    for (const word of field.extra ?? []) add(word, field.weight);
    for (const word of field.pinyin) add(word, "D");
    pos = Math.min(pos + 1, MAX_POSITION); // words of different fields are never adjacent
  }
  return [...positions].map(([lexeme, list]) => `${quoteLexeme(lexeme)}:${list.join(",")}`).join(" ");
}

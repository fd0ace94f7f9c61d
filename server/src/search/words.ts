import { type FoldedField, literalOf, quoteLexeme, wordsOf } from "./literal.ts";
import { loadPinyin, pinyinWords, textPinyinWords } from "./pinyin-words.ts";
import { simplified } from "./simplified.ts";
import { topicWords } from "./topics.ts";

export { quoteLexeme, wordsOf };

/** Text as search compares it: NFKC (ＡＢＣ is abc), lower case, 繁体 as 简体 (時間 is 时间). */
export const foldForSearch = (text: string) => simplified(text.normalize("NFKC").toLowerCase());

export function tokenize(text: string): string[] {
  return wordsOf(foldForSearch(text)).map((w) => w.word);
}

/**
 * `pinyin`: a title or tags, also found by the pinyin of their words and runs, in full and by
 * initials (pinyin-words.ts); `"text"`: a text, found by the full pinyin of its words (跑步: paobu).
 */
export type Weighted = { text: string; weight: "A" | "B" | "C" | "D"; pinyin?: boolean | "text" };

/** A long note's words past this many characters (an idea's most) get no pinyin: a save's work stays bounded. */
const TEXT_PINYIN_UP_TO = 10_000;

/**
 * The pinyin words of the last few titles and tags folded: an account's tags repeat from item to
 * item (the memos of a flomo import share a handful), and segmenting and reading one took ~7 kB of
 * garbage an item, most of an import's on this thread (docs/benchmarks-history.md, 导入数据). Shared:
 * never changed by whoever gets them.
 */
const recentPinyin = new Map<string, string[]>();
const RECENT_PINYIN = 256;

function pinyinOf(pinyin: Parameters<typeof pinyinWords>[0], folded: string): string[] {
  let words = recentPinyin.get(folded);
  if (!words) {
    words = pinyinWords(pinyin, folded, wordsOf(folded));
    if (recentPinyin.size >= RECENT_PINYIN) recentPinyin.delete(recentPinyin.keys().next().value!);
    recentPinyin.set(folded, words);
  }
  return words;
}

/** The half of the search words that needs opencc-js and pinyin-pro; search-literal.ts does the rest. */
export function foldFields(fields: Weighted[], pinyin?: Parameters<typeof pinyinWords>[0]): FoldedField[] {
  const folded = fields.map((field): FoldedField => {
    const folded = foldForSearch(field.text);
    return { folded, weight: field.weight, pinyin: pinyin ? soundsOf(pinyin, field, folded) : [] };
  });
  // first: an idea's last field (its original text) is often empty, and an empty field still takes
  // a position; a short imported note folded as an idea then makes the same words as a saved one
  const topics = topicsField(folded, pinyin);
  return topics.extra?.length ? [topics, ...folded] : folded;
}

function soundsOf(pinyin: Parameters<typeof pinyinWords>[0], field: Weighted, folded: string) {
  if (field.pinyin === "text") {
    const head = folded.slice(0, TEXT_PINYIN_UP_TO);
    return textPinyinWords(pinyin, head, wordsOf(head));
  }
  return field.pinyin ? pinyinOf(pinyin, folded) : [];
}

/**
 * The everyday topics the fields speak of and the lexicon's words they say (search/topics.ts), as
 * words of weight C, and those words' pinyin: what 相关内容 relates 马拉松 and 配速 by.
 */
function topicsField(fields: FoldedField[], pinyin?: Parameters<typeof pinyinWords>[0]): FoldedField {
  const { words, topics } = topicWords(fields.map((f) => f.folded).join("\n"));
  const sounds = pinyin ? words.flatMap((w) => textPinyinWords(pinyin, w, [{ word: w, at: 0 }])) : [];
  return { folded: "", weight: "C", pinyin: sounds, extra: [...words, ...topics] };
}

export function toTsvectorLiteral(fields: Weighted[], pinyin?: Parameters<typeof pinyinWords>[0]): string {
  return literalOf(foldFields(fields, pinyin));
}

/** All query words must match (AND); null when the query has no word at all. */
export function toTsqueryLiteral(query: string): string | null {
  const tokens = [...new Set(tokenize(query))];
  return tokens.length ? tokens.map(quoteLexeme).join(" & ") : null;
}

type IdeaText = { title: string; content: string; originalContent: string; tags: string[] };

// What these make of an item has a version: search/reindex.store.ts's SEARCH_WORDS_VERSION.
const ideaFields = (i: IdeaText): Weighted[] => [
  { text: i.title, weight: "A", pinyin: true },
  { text: i.tags.join(" "), weight: "A", pinyin: true },
  { text: i.content, weight: "B", pinyin: "text" },
  { text: i.originalContent === i.content ? "" : i.originalContent, weight: "C", pinyin: "text" },
];

/** An idea's fields folded, for literalOf (search-literal.ts) to finish elsewhere. */
export const ideaFolded = async (i: IdeaText) => foldFields(ideaFields(i), await loadPinyin());

export const ideaVector = async (i: IdeaText) => literalOf(await ideaFolded(i));

export const noteVector = async (n: { title: string; content: string; tags: string[] }) =>
  toTsvectorLiteral(
    [
      { text: n.title, weight: "A", pinyin: true },
      { text: n.tags.join(" "), weight: "A", pinyin: true },
      { text: n.content, weight: "B", pinyin: "text" },
    ],
    await loadPinyin(),
  );

/** A stored idea or note as search/reindex.ts reads it back to rebuild its search words. */
export type IndexedRow = {
  type: "idea" | "note";
  title: string;
  content: string;
  original_content: string;
  tags: string[];
};

export const rowVector = (r: IndexedRow) =>
  r.type === "idea" ? ideaVector({ ...r, originalContent: r.original_content }) : noteVector(r);

/** The search words of a tag alone, added to an item's when a tag is renamed (items/tags.store.ts). */
export const tagWordsVector = async (tag: string) =>
  toTsvectorLiteral([{ text: tag, weight: "A", pinyin: true }], await loadPinyin());

/**
 * A 批注's search words (its text, weighed and spelt out in pinyin as an idea's text, as the import
 * makes them too): search/search.store.ts finds its idea
 * by them. search/reindex.ts does not rebuild them yet: a SEARCH_WORDS_VERSION that folds text
 * differently must reindex the annotations table too.
 */
export const annotationVector = async (content: string) =>
  toTsvectorLiteral([{ text: content, weight: "B", pinyin: "text" }], await loadPinyin());

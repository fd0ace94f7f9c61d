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

export function tokenize(text: string): string[] {
  const out: string[] = [];
  segmenter ??= new Intl.Segmenter("zh", { granularity: "word" });
  for (const s of segmenter.segment(text.normalize("NFKC").toLowerCase())) {
    if (s.isWordLike) out.push(s.segment.slice(0, MAX_LEXEME));
  }
  return out;
}

export const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

export type Weighted = { text: string; weight: "A" | "B" | "C" | "D" };

export function toTsvectorLiteral(fields: Weighted[]): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const { text, weight } of fields) {
    for (const token of tokenize(text)) {
      pos = Math.min(pos + 1, MAX_POSITION);
      const list = positions.get(token) ?? [];
      if (list.length < MAX_POSITIONS) list.push(`${pos}${weight}`);
      positions.set(token, list);
    }
    pos = Math.min(pos + 1, MAX_POSITION); // words of different fields are never adjacent
  }
  return [...positions].map(([lexeme, list]) => `${quoteLexeme(lexeme)}:${list.join(",")}`).join(" ");
}

/** All query words must match (AND); null when the query has no word at all. */
export function toTsqueryLiteral(query: string): string | null {
  const tokens = [...new Set(tokenize(query))];
  return tokens.length ? tokens.map(quoteLexeme).join(" & ") : null;
}

export const ideaVector = (i: { title: string; content: string; originalContent: string; tags: string[] }) =>
  toTsvectorLiteral([
    { text: i.title, weight: "A" },
    { text: i.tags.join(" "), weight: "A" },
    { text: i.content, weight: "B" },
    { text: i.originalContent === i.content ? "" : i.originalContent, weight: "C" },
  ]);

export const noteVector = (n: { title: string; content: string; tags: string[] }) =>
  toTsvectorLiteral([
    { text: n.title, weight: "A" },
    { text: n.tags.join(" "), weight: "A" },
    { text: n.content, weight: "B" },
  ]);

/** The search words of a tag alone, added to an item's when a tag is renamed (stores/tags.ts). */
export const tagWordsVector = (tag: string) => toTsvectorLiteral([{ text: tag, weight: "A" }]);

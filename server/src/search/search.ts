import type { SearchItem } from "@shinian/contract";
import { plainLine, plainTitle } from "@shinian/contract/plain-text";
import type { Queryable } from "../db/pool.ts";
import { typedAsPinyin } from "./pinyin-highlight.ts";
import { type SearchRow, substringMatches, wordMatches } from "./search.store.ts";
import { simplified } from "./simplified.ts";
import { tokenize, toTsqueryLiteral } from "./words.ts";

const SNIPPET = 120;
const BEFORE = 30;

/**
 * Word match first: segmented query words against the search index, ranked. Then, to fill the
 * page, a substring match of every space-separated part within the user's own rows, newest first
 * (search/search.store.ts).
 */
export async function searchItems(
  db: Queryable,
  userId: string,
  q: string,
  limit: number,
): Promise<SearchItem[]> {
  const query = q.trim();
  if (!query) return [];
  const tsquery = toTsqueryLiteral(query);
  const longestFirst = (a: string, b: string) => b.length - a.length;
  const words = tokenize(query).sort(longestFirst);
  const folded = fold(query).folded;
  const parts = queryParts(query).sort(longestFirst);
  const terms = [...new Set([folded, ...parts.map((p) => fold(p).folded), ...words])].sort(longestFirst);
  // A long note comes as the part around its first longest query word (search/search.store.ts).
  const anchor = words[0] ?? folded;
  const found: SearchRow[] = tsquery ? await wordMatches(db, userId, { tsquery, anchor }, limit) : [];
  if (found.length < limit) {
    const seen = found.map((r) => r.id);
    // 繁体 typed: its 简体 too (the words matched both already, through the index); the 简体
    // first, as most text is written in it: a long note's excerpt is cut around the first
    const forms = parts.map((p) => [...new Set([simplified(p), p])]);
    found.push(...(await substringMatches(db, userId, forms, seen, limit - found.length)));
  }
  const patternOf = (list: string[]) =>
    new RegExp(list.filter(Boolean).map(escapeRegExp).join("|") || "$^", "iu");
  const pattern = patternOf(terms);
  const typedAs = await typedAsPinyin(words);
  return found.map((r) => {
    const han = typedAs?.(r) ?? [];
    if (!han.length) return toItem(r, terms, pattern);
    const all = [...new Set([...terms, ...han])].sort(longestFirst);
    return toItem(r, all, patternOf(all));
  });
}

/** A query with more parts than this is looked for whole: a search's work stays bounded. */
const MAX_PARTS = 6;

/**
 * The space-separated parts a substring match must all find (团子 疫苗 in 带团子去打疫苗: the
 * segmenter may cut a part differently inside a text, 团|子, or merge it, 下雨 in 下雨天).
 */
function queryParts(query: string): string[] {
  const parts = [...new Set(query.split(/\s+/u).filter(Boolean))];
  return parts.length > MAX_PARTS ? [query] : parts;
}

/**
 * Text as the index compares it (NFKC, lower case: ＡＢＣ and ２０２６ match abc and 2026; 繁体 as
 * 简体), with, for each folded position, where its character starts and ends in the original text.
 */
function fold(text: string): { folded: string; start: number[]; end: number[] } {
  let folded = "";
  const start: number[] = [];
  const end: number[] = [];
  let i = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      start.push(i);
      end.push(i + ch.length);
    }
    folded += f;
    i += ch.length;
  }
  // 時間 is 时间 here as in the index; a conversion that changed the length (a rare phrase) would
  // move every position after it, and is left out.
  const asSimplified = simplified(folded);
  return { folded: asSimplified.length === folded.length ? asSimplified : folded, start, end };
}

/** ASCII and CJK Unified Ideographs fold without normalize(), the costly part of building snippets. */
function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 0x80) return code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : ch;
  if (code >= 0x4e00 && code <= 0x9fff) return ch;
  return ch.normalize("NFKC").toLowerCase();
}

// A note may hold 200,000 characters and a page holds 20 of them: finding the match must not fold
// (normalise and map) whole texts on the event loop, which took ~2 s a search (docs/benchmarks-history.md).
const FOLD_AT_MOST = 20_000;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where the first term occurs in `field` (as the index compares text), or -1. */
function firstMatch(field: string, terms: string[], pattern: RegExp): number {
  // Native and linear: exact up to case, which is nearly always enough.
  const quick = pattern.exec(field);
  if (quick) return quick.index;
  // Full-width letters and other NFKC forms: folded, but only the beginning of a long text.
  const f = fold(field.length > FOLD_AT_MOST ? field.slice(0, FOLD_AT_MOST) : field);
  const idx = Math.min(...terms.map((t) => f.folded.indexOf(t)).filter((i) => i >= 0));
  return Number.isFinite(idx) ? f.start[idx]! : -1;
}

/** A row found by meaning alone: its snippet from the start of its text, nothing highlighted. */
export const meaningItem = (r: SearchRow): SearchItem => ({ ...toItem(r, [], /$^/u), matchedBy: "meaning" });

function toItem(r: SearchRow, terms: string[], pattern: RegExp): SearchItem {
  const fields = [r.content, r.original_content, r.title, r.tags.join(" ")];
  let text = r.content;
  let at = -1;
  for (const field of fields) {
    const found = firstMatch(field, terms, pattern);
    if (found >= 0) {
      text = field;
      at = found;
      break;
    }
  }
  // A long note's text is an excerpt: there is more before and after it.
  const cut =
    text === r.content
      ? // PostgreSQL counts characters, JavaScript UTF-16 units: compare in characters (emoji)
        { before: r.content_from > 0, after: r.content_from + codePoints(r.content) < r.content_length }
      : { before: false, after: false };
  const { snippet, offset } = window(text, Math.max(at, 0), cut);
  const title = r.title || plainTitle(r.content);
  return {
    type: r.type,
    id: r.id,
    title,
    snippet,
    highlights: highlight(snippet, terms, offset),
    createdAt: r.created_at.toISOString(),
    matchedBy: "keyword",
  };
}

/** Characters as PostgreSQL counts them (an emoji is one), without making an array of them. */
const codePoints = (text: string) => text.length - (text.match(/[\uDC00-\uDFFF]/g)?.length ?? 0);

// The snippet is cut from this much text around the match, never from the whole of a long note.
const AROUND = 1_000;
const MATCH = "\u0002";
const plainText = (markdown: string) => markdown.split("\n").map(plainLine).join("\n");

function window(
  text: string,
  at: number,
  cut: { before: boolean; after: boolean },
): { snippet: string; offset: number } {
  const from = Math.max(0, at - AROUND);
  const raw = text.slice(from, at + AROUND);
  // Markup goes before the cut (a snippet never shows `**` or a link's address); a mark put at the
  // match finds it again in the plain text (gone with a link's address: then from the start)
  const marked = plainText(`${raw.slice(0, at - from)}${MATCH}${raw.slice(at - from)}`);
  const matchAt = Math.max(marked.indexOf(MATCH), 0);
  const part = marked.replace(MATCH, "");
  const flat = part.replace(/\s+/g, " ");
  // whitespace runs collapse: map the match position onto the flattened text
  const before = part.slice(0, matchAt).replace(/\s+/g, " ").length;
  const start = Math.max(0, Math.min(before - BEFORE, flat.length - SNIPPET));
  const end = Math.min(flat.length, start + SNIPPET);
  const prefix = start > 0 || from > 0 || cut.before ? "…" : "";
  const suffix = end < flat.length || from + raw.length < text.length || cut.after ? "…" : "";
  return { snippet: prefix + flat.slice(start, end) + suffix, offset: prefix.length };
}

/**
 * Every occurrence of a (folded) term, longest terms first, merged into sorted non-overlapping
 * ranges of the original snippet, from position `from` on.
 */
export function highlight(snippet: string, terms: string[], from = 0): { start: number; end: number }[] {
  const f = fold(snippet);
  const first = f.start.findIndex((s) => s >= from);
  const ranges: { start: number; end: number }[] = [];
  for (const term of terms) {
    if (!term || first < 0) continue;
    let i = f.folded.indexOf(term, first);
    while (i >= 0) {
      ranges.push({ start: f.start[i]!, end: f.end[i + term.length - 1]! });
      i = f.folded.indexOf(term, i + term.length);
    }
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number }[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

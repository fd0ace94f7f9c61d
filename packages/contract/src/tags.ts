// Tags typed in text as `#标签`, the way flomo users write them: the one parser that capture, edit,
// 自动整理, notes, tag renames, the importers and the composer's highlighting share. Plain
// TypeScript (no zod, no lookbehind): `@shinian/contract/tags`.

import { isWithin, MAX_TAG_LENGTH, MAX_TAGS, renamedTag, TAG_SEPARATOR } from "./tag-paths.ts";

export { isWithin, MAX_TAG_LENGTH, MAX_TAGS, renamedTag, TAG_SEPARATOR };

/** One `#tag` in a text: its `#` at `start`, its last character before `end`. */
export type TagSpan = { start: number; end: number; tag: string };

/**
 * The rule:
 * - a tag is `#` or the full-width `＃` a Chinese IME types, then its name;
 * - it starts at the start of the text, right after whitespace (any Unicode space, a newline, the
 *   ideographic space), or right after any punctuation or symbol beyond ASCII: CJK punctuation
 *   (。，、！？；：…）」』】“” ・ ·), an emoji (`🏃#跑步`), ★ ©. Chinese is typed without spaces, so
 *   `…的鞋。#跑步` is a tag. Half-width `, . ! ? ; : (` typed in Chinese text open one too, when a
 *   Chinese character or CJK punctuation comes right before them (`好,#跑步`), but for an all-digit
 *   name (`修复了问题(#123)` is an issue number);
 * - never after an ASCII letter, digit or other ASCII punctuation, nor after a letter of any script
 *   (a Chinese character too), nor after another `#`/`＃`: `C#`, `abc#def`, `a.#b`, `读书#笔记`,
 *   `＃＃标题` are none;
 * - never inside a URL. A URL runs from `http(s)://` to whitespace or where CJK text, punctuation,
 *   full-width forms or an emoji start, as the card draws a bare link (`https://x.com/a看完🏃#跑步`
 *   has the tag 跑步; `…/wiki/跑步（运动）#历史` has 历史, shown outside the link);
 * - it goes on over letters and digits of any script (`#2024` is a tag) and single `/` between
 *   them, and ends at anything else: whitespace, any punctuation (，。！？、：；…「」() - _ . , too), a
 *   symbol or emoji, a second `/`, another `#`; a `#` not followed by a letter or digit (`# 标题`,
 *   `##`, `#/x`) is no tag, and a trailing `/` is not part of it (`#读书/` is 读书);
 * - Markdown: nothing in code (fenced blocks, blocks indented by four spaces or a tab after a blank
 *   line, inline `code`) or in an ATX heading line (`# 标题`, `## 第二章 #x`) is a tag; `#读书` at
 *   the start of a line is a tag, not a heading.
 */
const TAG_BODY = /[#＃]([\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)*)/gu;
const SPACE = /\s/;
/** Stands for a character of code, a heading or a URL: neither a letter nor a tag's opener. */
const MASK = "\uFFFF";

const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/u;
const HAN_OR_CJK_PUNCTUATION = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;
/** The ASCII punctuation a Chinese IME in half-width mode types between words. */
const HALF_WIDTH_BREAK = ",.!?;:(";
const ALL_DIGITS = /^\p{N}+$/u;
const VARIATION_OR_JOINER = /[\ufe0e\ufe0f\u200d]/u;

/** The character (a whole code point) that ends right before `at`, and where it starts. */
function charBefore(text: string, at: number): { char: string; start: number } | undefined {
  if (at <= 0) return undefined;
  const low = text.charCodeAt(at - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : at - 1;
  return { char: String.fromCodePoint(text.codePointAt(start)!), start };
}

/** Whether a tag may start at `at` of `scan` (the text with its code, headings and URLs masked). */
function opensTag(scan: string, at: number, tag: string): boolean {
  let before = charBefore(scan, at);
  // an emoji's variation selector (❤️) or joiner: the emoji before it decides
  while (before && VARIATION_OR_JOINER.test(before.char)) before = charBefore(scan, before.start);
  if (!before || SPACE.test(before.char)) return true;
  const { char } = before;
  // `##标题`, `＃＃标题`: a run of #s is a heading's mark, never a tag's opener
  if (char === "＃") return false;
  if (char.codePointAt(0)! > 0x7f) return char !== MASK && PUNCTUATION_OR_SYMBOL.test(char);
  // `修复了问题(#123)`, `中,#1`: an issue or list number, not a tag
  if (!HALF_WIDTH_BREAK.includes(char) || ALL_DIGITS.test(tag)) return false;
  const previous = charBefore(scan, before.start);
  return previous !== undefined && HAN_OR_CJK_PUNCTUATION.test(previous.char);
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const BLANK = /^[ \t]*$/;
const INDENTED = /^(?: {4}|\t| {1,3}\t)/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * `text` with every character of Markdown code and of heading lines (but newlines) replaced by
 * MASK, so that offsets stay those of `text`; `text` itself when it has none.
 */
export function maskCodeAndHeadings(text: string): string {
  if (
    !text.includes("`") &&
    !text.includes("~~~") &&
    !/(?:^|\n) {0,3}#(?:[ \t#\n]|$)/.test(text) &&
    !/(?:^|\n)(?: {4}|\t| {1,3}\t)/.test(text)
  )
    return text;
  const ranges: [number, number][] = [];
  let fence: { char: string; length: number } | null = null;
  let paragraph = -1; // where the lines of text since the last block boundary start
  // an indented line starts code after a blank line or at the start, unless it goes on a list item
  let afterBlank = true;
  let inList = false;
  let code = false;
  const endParagraph = (at: number) => {
    if (paragraph >= 0) inlineCode(text, paragraph, at, ranges);
    paragraph = -1;
  };
  let at = 0;
  while (at <= text.length) {
    const newline = text.indexOf("\n", at);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(at, end).replace(/\r$/, ""); // a CRLF text has the same blocks
    if (code && (INDENTED.test(line) || BLANK.test(line))) {
      ranges.push([at, end]);
    } else if (fence) {
      code = false;
      ranges.push([at, end]);
      const [, marks = "", rest = ""] = FENCE.exec(line) ?? [];
      if (marks[0] === fence.char && marks.length >= fence.length && BLANK.test(rest)) fence = null;
    } else {
      code = false;
      const open = FENCE.exec(line);
      // a backtick fence's info string holds no backtick (else it is inline code)
      if (open && !(open[1]![0] === "`" && open[2]!.includes("`"))) {
        endParagraph(at);
        fence = { char: open[1]![0]!, length: open[1]!.length };
        ranges.push([at, end]);
      } else if (afterBlank && !inList && INDENTED.test(line) && !BLANK.test(line)) {
        endParagraph(at);
        code = true;
        ranges.push([at, end]);
      } else if (HEADING.test(line)) {
        endParagraph(at);
        ranges.push([at, end]);
      } else if (BLANK.test(line)) endParagraph(at);
      else {
        if (paragraph < 0) paragraph = at;
        if (!INDENTED.test(line)) inList = LIST_ITEM.test(line);
      }
    }
    afterBlank = BLANK.test(line);
    if (newline < 0) break;
    at = newline + 1;
  }
  endParagraph(text.length);
  if (!ranges.length) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = "";
  let last = 0;
  for (const [from, to] of ranges) {
    out += text.slice(last, from) + text.slice(from, to).replace(/[^\n]/g, MASK);
    last = to;
  }
  return out + text.slice(last);
}

/** Code spans between `from` and `to` (one paragraph): a run of backticks up to the next run as long. */
function inlineCode(text: string, from: number, to: number, ranges: [number, number][]) {
  const part = text.slice(from, to);
  if (!part.includes("`")) return;
  const runs = [...part.matchAll(/`+/g)];
  // the next run as long as each, found from the end: one pass, however many backticks
  const next: number[] = [];
  const nextOfLength = new Map<number, number>();
  for (let i = runs.length - 1; i >= 0; i--) {
    next[i] = nextOfLength.get(runs[i]![0].length) ?? -1;
    nextOfLength.set(runs[i]![0].length, i);
  }
  for (let i = 0; i < runs.length; i++) {
    const close = next[i]!;
    if (close < 0) continue; // no closer: the backticks are plain text
    ranges.push([from + runs[i]!.index, from + runs[close]!.index + runs[close]![0].length]);
    i = close;
  }
}

const URL_START = /https?:\/\//giu;
/**
 * Where a URL stops, as the card draws a bare link (packages/ui/src/lib/card-markdown.ts): at
 * whitespace, or where CJK text, punctuation, full-width forms or an emoji start (a URL typed in
 * Chinese has no space after it: `https://x.com/a看完🏃#跑步`).
 */
const URL_END =
  /[\s<>"'`\u2000-\u206f\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\ud800-\udfff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;

/** `scan` with every URL masked (offsets kept), so that no `#` in one is a tag. */
function maskUrls(scan: string): string {
  if (!/https?:\/\//i.test(scan)) return scan;
  let out = "";
  let last = 0;
  for (const match of scan.matchAll(URL_START)) {
    if (match.index < last) continue;
    let end = match.index + match[0].length;
    while (end < scan.length && !URL_END.test(scan[end]!)) end++;
    out += scan.slice(last, match.index) + MASK.repeat(end - match.index);
    last = end;
  }
  return out + scan.slice(last);
}

const hasHash = (text: string) => text.includes("#") || text.includes("＃");

/** Every `#tag` in the text, in order, with where it stands (limits not applied). */
export function tagSpans(text: string): TagSpan[] {
  if (!hasHash(text)) return [];
  const scan = maskUrls(maskCodeAndHeadings(text));
  const spans: TagSpan[] = [];
  for (const match of scan.matchAll(TAG_BODY)) {
    if (opensTag(scan, match.index, match[1]!)) {
      spans.push({ start: match.index, end: match.index + match[0].length, tag: match[1]! });
    }
  }
  return spans;
}

/** Every `#tag` in the text, in order of appearance, each once (limits not applied). */
export function tagsInText(text: string): string[] {
  return [...new Set(tagSpans(text).map((span) => span.tag))];
}

/**
 * The tags of an item: `given` first, then the ones typed in its text, each once, at most
 * MAX_TAGS; a typed tag longer than MAX_TAG_LENGTH is not made a tag (its `#…` stays in the text).
 */
export function withTypedTags(given: readonly string[], text: string): string[] {
  const tags = [...new Set(given)];
  for (const tag of tagsInText(text)) {
    if (tags.length >= MAX_TAGS) break;
    if (tag.length <= MAX_TAG_LENGTH && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Whether `tag` can be typed as `#tag`: letters and digits of any script, levels by single `/`. */
export const isTypeableTag = (tag: string) =>
  tag.length <= MAX_TAG_LENGTH && /^[\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)*$/u.test(tag);

/**
 * The text with every typed tag within `from` renamed to `to`, at tag boundaries only:
 * `#读书/小说` becomes `#阅读/小说`, `#读书会`, `读书`, a `#读书` in code stay. The text itself when
 * nothing changes.
 */
export function renameTagInText(text: string, from: string, to: string): string {
  let out = "";
  let last = 0;
  for (const span of tagSpans(text)) {
    if (!isWithin(span.tag, from)) continue;
    out += text.slice(last, span.start + 1) + to;
    last = span.start + 1 + from.length;
  }
  return last ? out + text.slice(last) : text;
}

/**
 * The text without its typed `#tag` (that tag exactly: `#读书/小说` and `#读书会` stay when 读书
 * goes), so that the next save, which takes the typed tags again, does not bring it back. A tag
 * standing apart (at the start or the end of its line, other tags aside) goes whole, with one space
 * beside it; one inside a sentence (`推荐 #科幻 给大家`) loses only its `#`, so the words still say
 * what they said; and only the `#`s go when going whole would leave no words. The text itself when
 * it has none.
 */
export function removeTagFromText(text: string, tag: string): string {
  const spans = tagSpans(text);
  // wordsBefore[i]: how many characters before i are neither space nor inside a tag, so that
  // "any words between two points" is one subtraction, not a walk over every tag (the server asks
  // it of a 200 000-character note on every edit)
  const wordsBefore = new Int32Array(text.length + 1);
  for (let i = 0, next = 0; i < text.length; i++) {
    while (next < spans.length && spans[next]!.end <= i) next++;
    const inTag = next < spans.length && spans[next]!.start <= i;
    wordsBefore[i + 1] = wordsBefore[i]! + (inTag || /\s/.test(text[i]!) ? 0 : 1);
  }
  const hasWords = (from: number, to: number) => to > from && wordsBefore[to]! - wordsBefore[from]! > 0;
  const cut = (hashOnly: boolean) => {
    let out = "";
    let last = 0;
    // spans come in order: the line around each is found walking forward, never back over the text
    let lineStart = 0;
    let scanned = 0;
    let lineEnd = -1;
    for (const span of spans) {
      if (span.tag !== tag) continue;
      for (; scanned < span.start; scanned++) if (text[scanned] === "\n") lineStart = scanned + 1;
      if (lineEnd < span.end) {
        const newline = text.indexOf("\n", span.end);
        lineEnd = newline < 0 ? text.length : newline;
      }
      const whole = !hashOnly && (!hasWords(lineStart, span.start) || !hasWords(span.end, lineEnd));
      let start = span.start;
      let end = whole ? span.end : span.start + 1;
      if (whole) {
        const before = text[start - 1];
        if (before === " " || before === "\t") start -= 1;
        else if (text[end] === " " || text[end] === "\t") end += 1;
      }
      if (start < last) start = last;
      out += text.slice(last, start);
      last = end;
    }
    return last ? out + text.slice(last) : text;
  };
  const result = cut(false);
  return result.trim() || !text.trim() ? result : cut(true);
}

/**
 * The tag being typed where the caret is: the `#` that opens it and what follows up to the caret
 * (letters, digits, `/`; '' right after the `#`), or null when the caret is not in one.
 */
export function tagQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const from = Math.max(0, caret - MAX_TAG_LENGTH - 1);
  const before = text.slice(from, caret);
  const hash = Math.max(before.lastIndexOf("#"), before.lastIndexOf("＃"));
  if (hash < 0) return null;
  const query = before.slice(hash + 1);
  if (!/^[\p{L}\p{N}/]*$/u.test(query) || query.startsWith("/") || query.includes("//")) return null;
  const start = from + hash;
  // read as if a letter followed the `#`: a `#` alone on its line is being typed, not a heading
  const scan = maskUrls(maskCodeAndHeadings(`${text.slice(0, start + 1)}x${text.slice(caret)}`));
  if ((scan[start] !== "#" && scan[start] !== "＃") || !opensTag(scan, start, query)) return null;
  return { start, query };
}

/**
 * Whether two texts differ only by the `#tag`s of the tags one set has and the other lacks (去标签
 * cut them out, its 撤销 put them back): such an edit is of the tags, not of the words.
 */
export function differsOnlyByTags(
  before: string,
  after: string,
  tagsBefore: readonly string[],
  tagsAfter: readonly string[],
): boolean {
  const removed = tagsBefore.filter((t) => !tagsAfter.includes(t));
  const added = tagsAfter.filter((t) => !tagsBefore.includes(t));
  if (!removed.length && !added.length) return false;
  return removed.reduce(removeTagFromText, before) === added.reduce(removeTagFromText, after);
}

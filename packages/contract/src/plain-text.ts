// Markdown as plain text, for what shows text without rendering it: titles derived from a memo's
// first line (search, 相关内容, chat sources, aria labels, toasts) and search snippets. The server
// and the app share it. Plain TypeScript (no zod): `@shinian/contract/plain-text`.
//
// Line by line and linear: every pattern is anchored or bounded (`[[[[…` and `<<<<…` cost what
// they are long), and callers pass a bounded part of a text (a first line, a snippet's window).

const FENCE = /^ {0,3}(`{3,}|~{3,}).*$/;
/** Rules, a setext heading's underline, a table's delimiter row (each cell ends at its `|`: no backtracking). */
const RULE =
  /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|=+[ \t]*|\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?)$/;
/** Headings, quotes, list markers and task boxes at the start of a line. */
const LINE_START =
  /^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}(?=[ \t]|$)[ \t]*)?(?:(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/;
const IMAGE = /!\[([^[\]\n]{0,300})\]\([^()\s]{0,2048}(?:[ \t]+"[^"\n]{0,300}")?\)/g;
const LINK =
  /\[([^[\]\n]{0,300})\]\((?:<[^<>\n]{0,2048}>|[^\s()]{0,2048}(?:\([^\s()]{0,2048}\)[^\s()]{0,2048})?)(?:[ \t]+"[^"\n]{0,300}")?\)/g;
const AUTOLINK = /<((?:https?:\/\/|mailto:)[^\s<>]{1,2048})>/gi;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]{0,30}(?:\s[^<>]{0,300})?\/?>/g;
/** `**`, `__`, `~~` and `*`/`_` that open or close emphasis (not `3 * 4`, `snake_case`, `9~10`). */
const EMPHASIS =
  /\*{1,3}(?=\S)|(?<=\S)\*{1,3}|(?<![\p{L}\p{N}])_{1,3}(?=\S)|(?<=\S)_{1,3}(?![\p{L}\p{N}])|~~/gu;
const CODE_MARK = /`+/g;
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
// An escaped mark is held as a private-use character (U+E000 + its code) until the markup is gone.
const HELD = /[\ue021-\ue07e]/g;
const hold = (_: string, ch: string) => String.fromCharCode(0xe000 + ch.charCodeAt(0));
const release = (ch: string) => String.fromCharCode(ch.charCodeAt(0) - 0xe000);

/** One line of Markdown without its markup (its block markers, emphasis, links and tags of HTML). */
export function plainLine(line: string): string {
  if (FENCE.test(line) || RULE.test(line)) return "";
  return line
    .replace(ESCAPED, hold)
    .replace(LINE_START, "")
    .replace(IMAGE, (_, alt: string) => (alt ? `[图片：${alt}]` : "[图片]"))
    .replace(LINK, "$1")
    .replace(AUTOLINK, "$1")
    .replace(HTML_TAG, "")
    .replace(EMPHASIS, "")
    .replace(CODE_MARK, "")
    .replace(/\|/g, " ")
    .replace(HELD, release)
    .trimEnd();
}

/** Markdown as one line of plain text, cut at `max` characters (then ending in …). */
export function markdownToPlain(markdown: string, max = 200): string {
  // a plain line needs only the start of a note (up to 200,000 characters)
  const text = markdown
    .slice(0, max * 10)
    .split(/\r?\n/)
    .map(plainLine)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return cut(text, max);
}

/** A title for text that has none: its first line with words in it, without markup, at most `max` characters. */
export function plainTitle(text: string, max = 30): string {
  let from = 0;
  // at most this much text is looked through for a line with words (a memo may start with code fences or rules)
  const end = Math.min(text.length, 4_000);
  while (from < end) {
    const next = text.indexOf("\n", from);
    const to = next < 0 || next > end ? end : next;
    const line = plainLine(text.slice(from, Math.min(to, from + max * 10))).trim();
    if (line) return cut(line, max);
    from = to + 1;
  }
  return "";
}

const cut = (text: string, max: number) => {
  const chars = [...text.slice(0, max * 2 + 2)];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : text;
};

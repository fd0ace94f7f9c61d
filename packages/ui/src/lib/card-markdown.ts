/**
 * The Markdown of a card (首页's feed, 每日回顾, 相关内容), parsed into the same plain data as
 * parseMarkdown (lib/markdown.ts) for React to render as elements: never HTML, links only to
 * http(s) and mailto (any other keeps its text), images as their name. Hand-written for the bytes:
 * ~2 kB, where the smallest parser measured cost ~15.7 kB on a first screen without room for it.
 * Linear in the source: scans are bounded, nesting capped (MAX_BLOCK_DEPTH, MAX_INLINE_DEPTH), only
 * MAX_SOURCE characters read. Subset and measurements: app/docs/decisions.md ("Cards render…").
 */
import type { MarkdownElement, MarkdownNode } from "./markdown";

export type { MarkdownElement, MarkdownNode };

export const MAX_SOURCE = 20_000;
const MAX_BLOCK_DEPTH = 4;
const MAX_INLINE_DEPTH = 16;

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:( {1,4})(.*)|[ \t]*)$/;
const TASK = /^\[([ xX])\](?:[ \t]+|$)/;
const BLANK = /^[ \t]*$/;

/** Parses a card's text; at most MAX_SOURCE characters of it are read. */
export function parseCardMarkdown(source: string): MarkdownNode[] {
  const text = source.length > MAX_SOURCE ? `${source.slice(0, MAX_SOURCE)}…` : source;
  const lines = text.replace(/\r\n?/g, "\n").replace(/^\t+/gm, (tabs) => "    ".repeat(tabs.length));
  return blocks(lines.split("\n"), 0);
}

const startsBlock = (line: string, depth: number) =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  (depth < MAX_BLOCK_DEPTH && (QUOTE.test(line) || ITEM.test(line)));

function blocks(lines: string[], depth: number): MarkdownNode[] {
  const out: MarkdownNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]?.trimStart().startsWith(marker); i++)
        code.push(lines[i] as string);
      i++;
      out.push({ tag: "pre", children: [code.join("\n")] });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      i++;
      if (heading[2]) out.push({ tag: "p", children: [{ tag: "strong", children: inline(heading[2]) }] });
      continue;
    }
    if (RULE.test(line)) {
      i++;
      out.push({ tag: "hr", children: [] });
      continue;
    }
    if (depth < MAX_BLOCK_DEPTH && QUOTE.test(line)) {
      const quoted: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i] as string); i++)
        quoted.push((lines[i] as string).replace(QUOTE, ""));
      out.push({ tag: "blockquote", children: blocks(quoted, depth + 1) });
      continue;
    }
    if (depth < MAX_BLOCK_DEPTH && ITEM.test(line)) {
      i = list(lines, i, depth, out);
      continue;
    }
    const para: string[] = [];
    for (; i < lines.length && !BLANK.test(lines[i] as string); i++) {
      if (para.length && startsBlock(lines[i] as string, depth)) break;
      para.push((lines[i] as string).trimStart());
    }
    out.push({ tag: "p", children: inline(para.join("\n").trimEnd()) });
  }
  return out;
}

/** One list from line `start`, appended to `out`; returns the line after it. */
function list(lines: string[], start: number, depth: number, out: MarkdownNode[]): number {
  const first = ITEM.exec(lines[start] as string) as RegExpExecArray;
  const ordered = /\d/.test(first[2] as string);
  const el: MarkdownElement = { tag: ordered ? "ol" : "ul", children: [] };
  if (ordered && Number.parseInt(first[2] as string, 10) !== 1)
    el.start = Number.parseInt(first[2] as string, 10);
  out.push(el);
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i] as string);
    if (!m || /\d/.test(m[2] as string) !== ordered) break;
    const indent =
      (m[1] as string).length + (m[2] as string).length + ((m[3] as string | undefined)?.length ?? 1);
    const body = [m[4] ?? ""];
    let loose = false;
    for (i++; i < lines.length; i++) {
      const line = lines[i] as string;
      if (BLANK.test(line)) {
        const next = lines.slice(i + 1, i + 2)[0];
        if (next === undefined || next.length - next.trimStart().length < indent) break;
        loose = true;
        body.push("");
        continue;
      }
      const lead = line.length - line.trimStart().length;
      if (lead >= indent) body.push(line.slice(indent));
      else if (ITEM.test(line) || startsBlock(line, depth) || BLANK.test(body.at(-1) as string)) break;
      else body.push(line.trimStart());
    }
    el.children.push(item(body, depth, loose));
    while (i < lines.length && BLANK.test(lines[i] as string)) {
      const next = lines[i + 1];
      if (next === undefined || !ITEM.test(next)) return i;
      i++;
    }
  }
  return i;
}

function item(body: string[], depth: number, loose: boolean): MarkdownElement {
  const task = TASK.exec(body[0] as string);
  if (task) body[0] = (body[0] as string).slice(task[0].length);
  let children = blocks(body, depth + 1);
  // a tight item's paragraph is its text
  const lead = children[0];
  if (!loose && typeof lead === "object" && lead.tag === "p")
    children = [...lead.children, ...children.slice(1)];
  if (!task) return { tag: "li", children };
  // the box and the item's text are a label; a nested list or paragraph follows it
  const checked = task[1] !== " ";
  const split = children.findIndex((c) => typeof c === "object" && BLOCK_TAGS.has(c.tag));
  const text = split < 0 ? children : children.slice(0, split);
  const rest = split < 0 ? [] : children.slice(split);
  const label: MarkdownElement = {
    tag: "label",
    children: [{ tag: "input", checked, children: [] }, ...text],
  };
  return { tag: "li", checked, children: [label, ...rest] };
}

const BLOCK_TAGS = new Set(["p", "ul", "ol", "blockquote", "pre", "hr"]);

type Frame = { mark: string; children: MarkdownNode[] };

const SPECIAL = /[\\`*_~![\]<\nhH]/g;
const PUNCT = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;
const WORD = /[\p{L}\p{N}]/u;
const DEST =
  /\((?:[ \t]*)(<[^<>\n]{0,2048}>|[^\s()<>]{0,2048}(?:\([^\s()<>]{0,2048}\)[^\s()<>]{0,2048})?)(?:[ \t]+(?:"[^"\n]{0,500}"|'[^'\n]{0,500}'))?[ \t]*\)/y;
const AUTOLINK = /<((?:https?:\/\/|mailto:)[^\s<>]{1,2048})>/iy;
// ends where CJK text or punctuation starts (a URL typed in Chinese has no space after it): CJK
// ideographs of every block (those past U+FFFF are surrogate pairs), kana, hangul, CJK and
// general punctuation (“”…—), fullwidth forms (，）)
const BARE_URL =
  /https?:\/\/[^\s<>"'`\u2000-\u206f\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\ud800-\udfff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]{1,2048}/iy;

/** Inline Markdown of one block: one pass, with a stack of open delimiters at most MAX_INLINE_DEPTH deep. */
export function inline(src: string): MarkdownNode[] {
  const root: Frame = { mark: "", children: [] };
  const frames: Frame[] = [root];
  const push = (node: MarkdownNode) => {
    const children = (frames.at(-1) as Frame).children;
    const last = children.at(-1);
    if (typeof node === "string" && typeof last === "string") children[children.length - 1] = last + node;
    else if (node !== "") children.push(node);
  };
  // Frames above `index` were never closed: their marks are text again.
  const unwind = (index: number) => {
    while (frames.length - 1 > index) {
      const frame = frames.pop() as Frame;
      push(frame.mark);
      for (const child of frame.children) push(child);
    }
  };
  const findFrame = (match: (frame: Frame) => boolean) => {
    for (let k = frames.length - 1; k > 0; k--) if (match(frames[k] as Frame)) return k;
    return -1;
  };
  // backtick run lengths that have no closing run after the current position
  const unclosedCode = new Set<number>();
  let i = 0;
  while (i < src.length) {
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(src);
    const at = found ? found.index : src.length;
    if (at > i) push(src.slice(i, at));
    i = at;
    if (!found) break;
    const ch = found[0];
    const prev = src[i - 1] ?? "\n";
    if (ch === "\\") {
      const next = src[i + 1] ?? "";
      if (next === "\n") push({ tag: "br", children: [] });
      else push(PUNCT.test(next) ? next : `\\${next}`);
      i += 2;
    } else if (ch === "`") {
      let n = 1;
      while (src[i + n] === "`") n++;
      const close = unclosedCode.has(n) ? -1 : closingRun(src, i + n, n);
      if (close < 0) {
        unclosedCode.add(n);
        push("`".repeat(n));
        i += n;
      } else {
        let code = src.slice(i + n, close).replace(/\n/g, " ");
        // one space each side is padding, unless the code is all spaces (a pattern would backtrack)
        if (code.length > 2 && code[0] === " " && code.at(-1) === " " && code.trim())
          code = code.slice(1, -1);
        push({ tag: "code", children: [code] });
        i = close + n;
      }
    } else if (ch === "*" || ch === "_" || ch === "~") {
      let n = 1;
      while (src[i + n] === ch) n++;
      const next = src[i + n] ?? "\n";
      const word = ch === "_";
      const canOpen = !SPACE.test(next) && !(word && WORD.test(prev));
      const canClose = !SPACE.test(prev) && !(word && WORD.test(next));
      const mark = ch.repeat(n);
      const usable = ch === "~" ? n === 2 : n <= 3;
      const k = usable && canClose ? findFrame((f) => f.mark === mark) : -1;
      if (k > 0) {
        unwind(k);
        const frame = frames.pop() as Frame;
        push(emphasis(mark, frame.children));
      } else if (usable && canOpen && frames.length <= MAX_INLINE_DEPTH) frames.push({ mark, children: [] });
      else push(mark);
      i += n;
    } else if (ch === "!" || ch === "[") {
      // a `!` that starts no image is itself, and only itself
      const mark = ch === "!" && src[i + 1] === "[" ? "![" : ch;
      if (mark !== "!" && frames.length <= MAX_INLINE_DEPTH) frames.push({ mark, children: [] });
      else push(mark);
      i += mark.length;
    } else if (ch === "]") {
      const k = findFrame((f) => f.mark === "[" || f.mark === "![");
      DEST.lastIndex = i + 1;
      const dest = k > 0 ? DEST.exec(src) : null;
      if (!dest) {
        push("]");
        i++;
        continue;
      }
      unwind(k);
      const frame = frames.pop() as Frame;
      const href = (dest[1] as string).replace(/^<|>$/g, "");
      if (frame.mark === "![") push({ tag: "img", alt: textOf(frame.children), children: [] });
      else if (SAFE_HREF.test(href)) push({ tag: "a", href, children: frame.children });
      else for (const child of frame.children) push(child);
      i = DEST.lastIndex;
    } else if (ch === "<") {
      AUTOLINK.lastIndex = i;
      const link = AUTOLINK.exec(src);
      if (link) {
        push({ tag: "a", href: link[1] as string, children: [link[1] as string] });
        i = AUTOLINK.lastIndex;
      } else {
        push("<");
        i++;
      }
    } else if (ch === "\n") {
      const children = (frames.at(-1) as Frame).children;
      const last = children.at(-1);
      if (typeof last === "string" && last.endsWith("  ")) {
        children[children.length - 1] = last.trimEnd();
        push({ tag: "br", children: [] });
      } else push("\n");
      i++;
    } else {
      BARE_URL.lastIndex = i;
      const url = /[A-Za-z0-9]/.test(prev) ? null : BARE_URL.exec(src);
      const href = url ? withoutTrailingPunctuation(url[0]) : undefined;
      if (href && href.length > 8) {
        push({ tag: "a", href, children: [href] });
        i += href.length;
      } else {
        push(ch);
        i++;
      }
    }
  }
  unwind(0);
  return root.children;
}

/** A bare URL without the punctuation after it (`见 https://a.cn/x。`, `(https://a.cn)`): a loop, not a backtracking pattern. */
function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  while (end > 0 && TRAILING.has(url[end - 1] as string)) end--;
  return url.slice(0, end);
}
const TRAILING = new Set([...".,;:!?'\")]*_~"]);

/** Where the next run of exactly `n` backticks starts at or after `from`, or -1. */
function closingRun(src: string, from: number, n: number): number {
  let at = src.indexOf("`", from);
  while (at >= 0) {
    let end = at;
    while (src[end] === "`") end++;
    if (end - at === n) return at;
    at = src.indexOf("`", end);
  }
  return -1;
}

function emphasis(mark: string, children: MarkdownNode[]): MarkdownElement {
  if (mark[0] === "~") return { tag: "s", children };
  if (mark.length === 1) return { tag: "em", children };
  if (mark.length === 2) return { tag: "strong", children };
  return { tag: "strong", children: [{ tag: "em", children }] };
}

/** A name for untitled Markdown (an aria label): the words of its first line, at most `max` characters. */
export function markdownTitle(source: string, max = 40): string {
  const text = textOf(parseCardMarkdown(source.slice(0, max * 10)).slice(0, 1), true);
  const line = /\S[^\n]*/.exec(text)?.[0].trim() ?? "";
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : line;
}

/** The text of nodes, without their markup; with `lines`, each paragraph, item or code block on a line of its own. */
export function textOf(nodes: readonly MarkdownNode[], lines = false): string {
  let text = "";
  const stack: (MarkdownNode | "\n")[] = [...nodes].reverse();
  while (stack.length) {
    const node = stack.pop() as MarkdownNode;
    if (typeof node === "string") {
      text += node;
      continue;
    }
    if (lines && LINE_TAGS.has(node.tag)) stack.push("\n");
    for (let k = node.children.length - 1; k >= 0; k--) stack.push(node.children[k] as MarkdownNode);
  }
  return text;
}

const LINE_TAGS = new Set(["p", "li", "pre"]);

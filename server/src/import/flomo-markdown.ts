/**
 * A flomo memo's content (the small tree of its `div.content`) as the text its person typed, in
 * Markdown: flomo makes one `<p>` per line typed (an empty `<p>` for a blank line), so paragraphs
 * become lines; lists, bold, italics and links become their Markdown. Text is not escaped: what
 * looks like Markdown in a memo was typed as such, and escaping would break its `#tags`.
 */

export type HtmlElement = { name: string; attrs: Record<string, string>; children: HtmlNode[] };
export type HtmlNode = HtmlElement | string;

/** Lines of a block, with BREAK where a blank line must separate blocks (around lists). */
const BREAK = Symbol("break");
type Line = string | typeof BREAK;

const BLOCKS = new Set("p div ul ol li blockquote pre h1 h2 h3 h4 h5 h6 hr".split(" "));
const IGNORED = new Set(["script", "style", "img", "head", "title"]);

export function contentToMarkdown(content: HtmlElement): string {
  const lines = blockLines(content.children);
  const out: string[] = [];
  let pendingBreak = false;
  for (const line of lines) {
    if (line === BREAK) {
      pendingBreak = out.length > 0;
      continue;
    }
    if (pendingBreak && line !== "" && out.at(-1) !== "") out.push("");
    pendingBreak = false;
    out.push(line);
  }
  return out.join("\n").trim();
}

function blockLines(nodes: HtmlNode[]): Line[] {
  const lines: Line[] = [];
  let inline = "";
  const flush = () => {
    if (inline.trim()) lines.push(...inline.split("\n").map((l) => l.trim()));
    inline = "";
  };
  for (const node of nodes) {
    if (typeof node === "string" || !BLOCKS.has(node.name)) {
      inline += inlineText(node);
      continue;
    }
    flush();
    lines.push(...block(node));
  }
  flush();
  return lines;
}

function block(el: HtmlElement): Line[] {
  switch (el.name) {
    case "ul":
    case "ol":
      return [BREAK, ...list(el), BREAK];
    case "blockquote":
      return [BREAK, ...blockLines(el.children).map((l) => (l === BREAK ? l : `> ${l}`.trimEnd())), BREAK];
    case "pre":
      return [BREAK, "```", ...textOf(el).replace(/\n$/, "").split("\n"), "```", BREAK];
    case "hr":
      return [BREAK, "---", BREAK];
    default: {
      const lines = blockLines(el.children);
      // an empty paragraph is a blank line the person typed
      return lines.length > 0 ? lines : [""];
    }
  }
}

function list(el: HtmlElement): Line[] {
  const ordered = el.name === "ol";
  let number = Number.parseInt(el.attrs.start ?? "1", 10);
  if (!Number.isSafeInteger(number) || number < 0) number = 1;
  const lines: Line[] = [];
  for (const item of el.children) {
    if (typeof item === "string" || item.name !== "li") continue;
    const marker = ordered ? `${number++}. ` : "- ";
    const indent = " ".repeat(marker.length);
    const body = blockLines(item.children).filter((l): l is string => l !== BREAK && l !== "");
    lines.push((marker + (body[0] ?? "")).trimEnd(), ...body.slice(1).map((l) => indent + l));
  }
  return lines;
}

function inlineText(node: HtmlNode): string {
  if (typeof node === "string") return node.replace(/[ \t\n\r\f\u00a0]+/g, " ");
  if (IGNORED.has(node.name)) return "";
  if (node.name === "br") return "\n";
  const inner = node.children.map(inlineText).join("");
  switch (node.name) {
    case "strong":
    case "b":
      return wrap(inner, "**");
    case "em":
    case "i":
      return wrap(inner, "*");
    case "s":
    case "del":
    case "strike":
      return wrap(inner, "~~");
    case "code":
      return wrap(inner, "`");
    case "a": {
      const href = (node.attrs.href ?? "").trim();
      const text = inner.trim();
      if (!href || href === text) return inner;
      return text ? `[${text}](${href})` : href;
    }
    default:
      return inner;
  }
}

/** `**x**` around the words only: Markdown does not close a marker that follows a space. */
function wrap(inner: string, marker: string): string {
  const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  return core ? `${lead}${marker}${core}${marker}${trail}` : inner;
}

export function textOf(node: HtmlNode): string {
  return typeof node === "string" ? node : node.children.map(textOf).join("");
}

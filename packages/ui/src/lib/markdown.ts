/**
 * A deliberately small Markdown subset parsed to plain data — headings, paragraphs, lists,
 * quotes, fenced code, **bold**, *italic*, `code` and http(s)/mailto links. Nothing is ever
 * treated as HTML: React renders every string as text, so a note cannot run script.
 */
export type MarkdownInline =
  | { type: "text"; text: string }
  | { type: "strong" | "em"; children: MarkdownInline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: MarkdownInline[] };

export type MarkdownBlock =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: MarkdownInline[] }
  | { type: "paragraph"; children: MarkdownInline[] }
  | { type: "list"; ordered: boolean; items: MarkdownInline[][] }
  | { type: "quote"; children: MarkdownInline[] }
  | { type: "code"; text: string };

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const INLINE =
  /(\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/;

export function parseInline(text: string): MarkdownInline[] {
  const out: MarkdownInline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ type: "text", text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: "text", text: rest.slice(0, match.index) });
    const [whole, , strongA, strongB, emA, emB, code, label, href] = match;
    if (strongA ?? strongB) out.push({ type: "strong", children: parseInline(strongA ?? strongB ?? "") });
    else if (emA ?? emB) out.push({ type: "em", children: parseInline(emA ?? emB ?? "") });
    else if (code !== undefined) out.push({ type: "code", text: code });
    else if (label !== undefined && href !== undefined) {
      if (SAFE_HREF.test(href)) out.push({ type: "link", href, children: parseInline(label) });
      else out.push({ type: "text", text: label });
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i] ?? ""); i++) code.push(lines[i] ?? "");
      blocks.push({ type: "code", text: code.join("\n") });
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({
        type: "heading",
        level,
        children: parseInline((heading[2] ?? "").replace(/\s+#+\s*$/, "")),
      });
      continue;
    }
    const item = /^\s{0,3}([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[1] ?? "");
      const last = blocks[blocks.length - 1];
      const content = parseInline(item[2] ?? "");
      if (last?.type === "list" && last.ordered === ordered) last.items.push(content);
      else blocks.push({ type: "list", ordered, items: [content] });
      continue;
    }
    const quote = /^\s{0,3}>\s?(.*)$/.exec(line);
    if (quote) {
      flush();
      blocks.push({ type: "quote", children: parseInline(quote[1] ?? "") });
      continue;
    }
    if (!line.trim()) flush();
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

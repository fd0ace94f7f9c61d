/**
 * GitHub-flavoured Markdown parsed by markdown-it into plain data that React renders as elements:
 * raw HTML stays text (`html: false`; nothing is set as innerHTML), links only to http(s) and mailto,
 * images only from `attachment:{id}` and `https:` (shown as a link: the CSP blocks remote images);
 * anything else stays text. markdown-it is ~43 kB gzip, so this module is reached only through
 * markdown-view's dynamic import, never the package index. Why markdown-it: app/docs/decisions.md.
 */
import MarkdownIt, { type Token } from "markdown-it";

export type MarkdownTag =
  | "p"
  | "h1"
  | "h2"
  | "h3"
  | "h4"
  | "h5"
  | "h6"
  | "ul"
  | "ol"
  | "li"
  | "blockquote"
  | "pre"
  | "code"
  | "hr"
  | "table"
  | "thead"
  | "tbody"
  | "tr"
  | "th"
  | "td"
  | "em"
  | "strong"
  | "s"
  | "a"
  | "br"
  | "label"
  | "input"
  | "img";

/** Text, or an element; `href`, `src`, `alt`, `start`, `align` and `checked` are the only attributes ever kept. */
export type MarkdownNode = string | MarkdownElement;
export type MarkdownElement = {
  tag: MarkdownTag;
  children: MarkdownNode[];
  href?: string;
  /** An image's source: `attachment:{id}` or an https URL, nothing else. */
  src?: string;
  alt?: string;
  start?: number;
  align?: "left" | "center" | "right";
  checked?: boolean;
};

const SAFE_HREF = /^(https?:\/\/|mailto:)/i;
const SAFE_IMAGE_SRC = /^(attachment:[0-9a-f-]{36}$|https:\/\/)/i;
const TASK = /^\[([ xX])\](?:[ \t]+|$)/;
const ALIGN = /text-align:(left|center|right)/;
/** Deeper emphasis (`*a **a *a …`) keeps its text but no more wrappers: the DOM stays shallow. */
const MAX_INLINE_DEPTH = 16;
/** Beyond this many table cells in a note, trailing empty cells of a row are not rendered. */
const MAX_TABLE_CELLS = 2000;

const md = new MarkdownIt({ html: false, linkify: true });
// one check for links and images; each is narrowed again where its attribute is kept
md.validateLink = (url) => SAFE_HREF.test(url) || SAFE_IMAGE_SRC.test(url);
// GFM's extended autolinks include `www.…` (linkify-it links only `http(s)://…` and e-mails unless
// every bare domain is linked, which would turn file names like readme.md into links).
md.linkify.add("www.", {
  // what follows `www.` is a host and path as after `//`: linkify-it's own rule for those decides
  validate: (text, pos, self) => Math.max(self.testSchemaAt(text, "//", pos - 4) - 4, 0),
  normalize: (match) => {
    match.url = `http://${match.url}`;
  },
});

const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote"]);
const TABLE_TAGS = new Set(["table", "thead", "tbody", "tr", "th", "td"]);
const INLINE_TAGS = new Set(["em", "strong", "s", "a"]);

function elementOf(token: Token): MarkdownElement | undefined {
  const tag = token.tag as MarkdownTag;
  if (BLOCK_TAGS.has(tag) || TABLE_TAGS.has(tag) || INLINE_TAGS.has(tag)) {
    const el: MarkdownElement = { tag, children: [] };
    if (tag === "a") {
      // validateLink already refused every other scheme; checked again where the href is kept
      const href = String(token.attrGet("href") ?? "");
      if (!SAFE_HREF.test(href)) return undefined;
      el.href = href;
    }
    const start = token.attrGet("start");
    if (tag === "ol" && start) el.start = Number(start);
    const align = ALIGN.exec(String(token.attrGet("style") ?? ""))?.[1];
    if (align) el.align = align as MarkdownElement["align"];
    return el;
  }
  return undefined;
}

/**
 * A row's cells, and the tokens of its trailing empty ones. markdown-it fills every row up to the
 * header's width (up to 65,536 cells), so 5 kB of `|` and newlines would make a 66,000-cell table
 * that takes seconds to lay out; past MAX_TABLE_CELLS those filled-in cells are left out.
 */
function rowCells(tokens: Token[], open: number) {
  let end = open + 1;
  let lastFilled = open;
  let count = 0;
  for (; end < tokens.length && tokens[end]?.type !== "tr_close"; end++) {
    if (tokens[end]?.type !== "inline") continue;
    count++;
    if (tokens[end]?.content) lastFilled = end + 1;
  }
  return { count, trailingEmpty: { from: lastFilled + 1, to: end } };
}

/** Parses in time linear in the source (markdown-it's rules are), building the tree without recursion. */
export function parseMarkdown(source: string): MarkdownNode[] {
  const tokens = md.parse(source, {});
  const root: MarkdownNode[] = [];
  const open: MarkdownElement[] = [];
  // one entry per open token: the element it opened, or undefined when it is rendered transparently
  const frames: (MarkdownElement | undefined)[] = [];
  let inlineDepth = 0;
  const append = (node: MarkdownNode) => {
    const children = open.at(-1)?.children ?? root;
    const last = children.at(-1);
    if (typeof node === "string" && typeof last === "string") children[children.length - 1] = last + node;
    else if (node !== "") children.push(node);
  };

  const visit = (token: Token, inline: boolean) => {
    if (token.nesting === 1) {
      const el = token.hidden || (inline && inlineDepth >= MAX_INLINE_DEPTH) ? undefined : elementOf(token);
      if (inline) inlineDepth++;
      if (el) {
        append(el);
        open.push(el);
      }
      frames.push(el);
      return;
    }
    if (token.nesting === -1) {
      if (inline) inlineDepth--;
      if (frames.pop()) open.pop();
      return;
    }
    switch (token.type) {
      case "text":
      case "html_inline":
      case "html_block":
        append(token.content);
        return;
      case "softbreak":
        append("\n");
        return;
      case "hardbreak":
        append({ tag: "br", children: [] });
        return;
      case "code_inline":
        append({ tag: "code", children: [token.content] });
        return;
      case "fence":
      case "code_block":
        append({ tag: "pre", children: [token.content.replace(/\n$/, "")] });
        return;
      case "hr":
        append({ tag: "hr", children: [] });
        return;
      case "image": {
        const src = String(token.attrGet("src") ?? "");
        const alt = token.children?.map((c) => c.content).join("") ?? "";
        append(SAFE_IMAGE_SRC.test(src) ? { tag: "img", src, alt, children: [] } : `![${alt}](${src})`);
        return;
      }
    }
  };

  let cells = 0;
  let skip = { from: 0, to: 0 };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.type === "tr_open") {
      const row = rowCells(tokens, i);
      cells += row.count;
      if (cells > MAX_TABLE_CELLS) skip = row.trailingEmpty;
    }
    if (i >= skip.from && i < skip.to) continue;
    if (token.type !== "inline") {
      visit(token, false);
      continue;
    }
    const children = token.children ?? [];
    const item =
      tokens[i - 2]?.type === "list_item_open" ? open.findLast((el) => el.tag === "li") : undefined;
    const first = children[0];
    const task = item && first?.type === "text" ? TASK.exec(first.content) : null;
    if (item && first && task) {
      // A task list item: its text becomes the label of a read-only checkbox.
      first.content = first.content.slice(task[0].length);
      const checked = task[1] !== " ";
      item.checked = checked;
      const label: MarkdownElement = { tag: "label", children: [{ tag: "input", checked, children: [] }] };
      append(label);
      open.push(label);
      for (const child of children) visit(child, true);
      open.pop();
    } else {
      for (const child of children) visit(child, true);
    }
  }
  return root;
}

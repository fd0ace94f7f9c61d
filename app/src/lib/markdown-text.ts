/**
 * Markdown to one plain line for list snippets: no markup, no raw HTML. Deliberately not the
 * parser MarkdownView uses: the feed is a first screen and that parser is ~43 kB gzip.
 */
export function markdownToPlain(markdown: string, max = 200): string {
  // A snippet needs only the start of a note (up to 200,000 characters). The patterns below take
  // quadratic time on runs like `[[[[…` or `<<<<…`, so they only ever see a bounded prefix.
  const text = markdown
    .slice(0, max * 10)
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, (_, alt: string) => (alt ? `[图片：${alt}]` : "[图片]"))
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_~`]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

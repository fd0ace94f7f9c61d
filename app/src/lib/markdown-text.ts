/**
 * Markdown as plain text for what shows text without rendering it (aria labels, toasts, list
 * previews outside the cards): the same rule as the server's titles and snippets. Not the parser
 * MarkdownView uses: the feed is a first screen and that parser is ~43 kB gzip.
 */
export { markdownToPlain, plainTitle } from "@shinian/contract/plain-text";

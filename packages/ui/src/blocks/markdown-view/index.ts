export type { MarkdownCitation } from "./markdown-citation";
export { MarkdownView, type MarkdownViewProps, preloadMarkdown, useMarkdownReady } from "./markdown-view";

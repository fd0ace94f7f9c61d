export { MarkdownView, type MarkdownViewProps, preloadMarkdown, useMarkdownReady } from "./markdown-view";

export { CardMarkdown, type CardMarkdownProps } from "./card-markdown";

export { Highlight, type HighlightProps, highlightMarkVariants } from "./highlight";

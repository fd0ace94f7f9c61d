export { CopyButton, type CopyButtonProps } from "./copy-button";
export { type CopyState, type UseCopyToClipboardOptions, useCopyToClipboard } from "./use-copy-to-clipboard";

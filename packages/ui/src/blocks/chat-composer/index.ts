export {
  ChatComposer,
  type ChatComposerProps,
  type ChatComposerState,
  chatComposerVariants,
} from "./chat-composer";

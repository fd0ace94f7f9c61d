export {
  type ChatCitation,
  ChatMessage,
  type ChatMessageProps,
  type ChatMessageStatus,
  type ChatRole,
  chatBubbleVariants,
} from "./chat-message";

export { type ConversationSummary, conversationRowVariants } from "./conversation-item";
export { ConversationList, type ConversationListProps } from "./conversation-list";

export {
  type ChatBinding,
  ChatBindingCard,
  type ChatBindingCardProps,
  type ChatPlatform,
} from "./chat-binding-card";

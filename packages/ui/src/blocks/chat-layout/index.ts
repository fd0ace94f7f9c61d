export { ChatLayout, type ChatLayoutProps, chatLayoutVariants } from "./chat-layout";

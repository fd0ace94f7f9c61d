import { PlaceholderScreen } from "./placeholder-screen.tsx";

/** /chat belongs to the AI issue; until it lands the route exists and says so. */
export const ChatScreen = () => (
  <PlaceholderScreen title="AI助手" description="AI 助手正在接入中，很快就能结合你的想法与笔记回答问题。" />
);

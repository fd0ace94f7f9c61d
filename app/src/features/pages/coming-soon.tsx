import { PlaceholderScreen } from "./placeholder-screen.tsx";

export const ChatScreen = () => (
  <PlaceholderScreen title="AI助手" description="AI 助手正在接入中，很快就能结合你的想法与笔记回答问题。" />
);
export const AiPointsScreen = () => (
  <PlaceholderScreen title="AI点数" description="这里将显示你的 AI 点数余额、各项消耗与明细。" />
);
export const PrivacySecurityScreen = () => (
  <PlaceholderScreen title="隐私与安全" description="修改密码、管理登录设备与删除账号的功能即将上线。" />
);

import { LegalPage, type LegalSection } from "./legal-page.tsx";

const sections: LegalSection[] = [
  {
    heading: "一、我们收集的信息",
    paragraphs: [
      "账号信息：邮箱或手机号、昵称、头像，以及你在引导中填写的自我介绍。",
      "你创建的内容：想法（含原始文字）、笔记、标签、AI 对话记录与 AI 点数明细。",
      "登录信息：登录设备与浏览器类型、IP 地址和最近使用时间，用于展示你的登录设备并保护账号安全。",
    ],
  },
  {
    heading: "二、我们如何使用信息",
    paragraphs: [
      "仅用于提供记录、搜索、AI 整理与对话、数据导出等功能。使用 AI 功能时，相关内容与你的自我介绍会发送给所配置的 AI 模型服务；标记为「不让AI读取」的想法不会被发送。",
      "我们不会出售你的个人信息，也不会将你的内容用于广告。",
    ],
  },
  {
    heading: "三、存储与安全",
    paragraphs: [
      "密码经过加盐的高强度哈希处理后存储，任何人都无法看到明文。登录凭证仅保存其哈希值，并在 30 天未使用后失效。",
      "数据存储在中华人民共和国境内的服务器上。",
    ],
  },
  {
    heading: "四、你的权利",
    paragraphs: [
      "你可以随时查看和修改个人资料，导出全部数据（ZIP 文件，含 Markdown 与 JSON），在「隐私与安全」中查看并移除登录设备，或永久删除账号——删除后所有数据将被清除且无法恢复。",
    ],
  },
  {
    heading: "五、本政策的更新",
    paragraphs: ["本政策如有重要变更，我们会在应用内提前告知。如有疑问，请通过应用内的反馈渠道联系我们。"],
  },
];

export function PrivacyPolicyScreen() {
  return <LegalPage title="拾念隐私政策" updated="2026年11月1日" sections={sections} />;
}

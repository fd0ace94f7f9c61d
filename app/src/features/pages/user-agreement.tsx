import { type LegalDocument, LegalPage, type LegalSection } from "./legal-page.tsx";

const sections: LegalSection[] = [
  {
    heading: "一、服务内容",
    paragraphs: [
      "拾念是一款个人想法与笔记应用：你可以随手记录想法、整理笔记，使用 AI 助手整理文字与回答问题，并随时导出自己的全部数据。",
      "注册即表示你已阅读并同意本协议。若不同意，请不要注册或使用本服务。",
    ],
  },
  {
    heading: "二、账号",
    paragraphs: [
      "你可以使用邮箱或手机号注册，一个账号仅供一人使用。请妥善保管密码，因密码泄露造成的损失由你自行承担。",
      "如发现账号被他人使用，请立即修改密码；修改后其他设备上的登录会全部失效。",
    ],
  },
  {
    heading: "三、你的内容",
    paragraphs: [
      "你记录的想法、笔记与对话归你所有。我们仅为向你提供服务而存储和处理这些内容，不会将其出售或用于广告。",
      "你可以随时在「隐私与安全」中导出全部数据，或永久删除账号及所有内容。",
    ],
  },
  {
    heading: "四、AI 助手与 AI 点数",
    paragraphs: [
      "AI 整理与对话会消耗 AI 点数，每次操作前会显示所需点数；因服务方原因失败的操作会退还点数。AI 生成的内容可能有误，请自行判断。",
      "你可以为任一想法开启「不让AI读取」，该想法将不会发送给任何模型。",
    ],
  },
  {
    heading: "五、使用规范",
    paragraphs: [
      "请勿利用本服务存储或传播违法违规内容，请勿攻击、干扰服务的正常运行。违反者我们有权暂停或终止服务。",
    ],
  },
  {
    heading: "六、协议变更与联系",
    paragraphs: [
      "协议如有重要变更，我们会在应用内提前告知。对本协议有任何疑问，请通过应用内的反馈渠道联系我们。",
    ],
  },
];

export const userAgreement: LegalDocument = { title: "拾念用户协议", updated: "2026年11月1日", sections };

export function UserAgreementScreen() {
  return <LegalPage {...userAgreement} />;
}

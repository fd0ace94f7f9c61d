import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { BindCodeSchema, MessagingStatusSchema } from "./schemas.ts";

/** Chat apps as a capture box (微信公众号, Telegram): session only, never a token. */
export const messagingEndpoints = {
  listMessagingBindings: {
    ...routes.listMessagingBindings,
    tag: "消息绑定",
    summary: "已绑定的聊天账号（微信公众号、Telegram）与本站开通的平台",
    auth: true,
    data: MessagingStatusSchema,
  },
  createBindCode: {
    ...routes.createBindCode,
    tag: "消息绑定",
    summary: "获取一次性绑定码：10 分钟内向公众号发送「绑定 12345678」即可绑定；新码使旧码作废",
    auth: true,
    data: BindCodeSchema,
    status: 201,
    errors: [403, 429],
  },
  deleteMessagingBinding: {
    ...routes.deleteMessagingBinding,
    tag: "消息绑定",
    summary: "解除绑定：此后该聊天账号发来的消息不再保存",
    auth: true,
    data: null,
    errors: [404],
  },
} satisfies WingEndpoints<"messaging">;

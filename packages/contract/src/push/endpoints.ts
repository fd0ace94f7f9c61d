import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  CreatePushChannelRequestSchema,
  PushChannelSchema,
  PushSettingsSchema,
  PushStatusSchema,
  PushTestResultSchema,
  UpdatePushChannelRequestSchema,
  UpdatePushSettingsRequestSchema,
} from "./schemas.ts";

/** 提醒与推送: channels (secrets stored encrypted, never answered), 每日回顾's time, 周报/月报. Session only. */
export const pushEndpoints = {
  getPush: {
    ...routes.getPush,
    tag: "提醒与推送",
    summary: "推送设置与推送渠道（不含密钥）",
    auth: true,
    data: PushStatusSchema,
  },
  updatePushSettings: {
    ...routes.updatePushSettings,
    tag: "提醒与推送",
    summary: "每日回顾推送（时间为北京时间）与周报/月报推送的开关",
    auth: true,
    body: UpdatePushSettingsRequestSchema,
    data: PushSettingsSchema,
    errors: [400],
  },
  createPushChannel: {
    ...routes.createPushChannel,
    tag: "提醒与推送",
    summary:
      "添加推送渠道：企业微信群机器人、飞书/钉钉机器人、Bark、Server酱、Webhook，或已绑定的 Telegram 对话（bindingId）；每个账号最多 10 个",
    auth: true,
    body: CreatePushChannelRequestSchema,
    data: PushChannelSchema,
    status: 201,
    errors: [400, 403, 404, 409],
  },
  updatePushChannel: {
    ...routes.updatePushChannel,
    tag: "提醒与推送",
    summary: "修改推送渠道（未填的字段不变）；enabled: true 重新启用并清除失败记录",
    auth: true,
    body: UpdatePushChannelRequestSchema,
    data: PushChannelSchema,
    errors: [400, 403, 404],
  },
  deletePushChannel: {
    ...routes.deletePushChannel,
    tag: "提醒与推送",
    summary: "删除推送渠道",
    auth: true,
    data: null,
    errors: [404],
  },
  testPushChannel: {
    ...routes.testPushChannel,
    tag: "提醒与推送",
    summary: "发送测试消息：答复带渠道自己的错误信息；成功会重新启用已停用的渠道",
    auth: true,
    data: PushTestResultSchema,
    errors: [403, 404, 429, 503],
  },
} satisfies WingEndpoints<"push">;

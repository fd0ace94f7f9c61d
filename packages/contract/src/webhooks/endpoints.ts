import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  CreatedWebhookSchema,
  CreateWebhookRequestSchema,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
} from "./schemas.ts";

/** Signed outgoing webhooks (Standard Webhooks): session only, never a token. */
export const webhookEndpoints = {
  listWebhooks: {
    ...routes.listWebhooks,
    tag: "Webhook",
    summary: "Webhook 列表（不含签名密钥）",
    auth: true,
    data: WebhookListSchema,
  },
  createWebhook: {
    ...routes.createWebhook,
    tag: "Webhook",
    summary: "添加 Webhook：答复中的 whsec_ 签名密钥只显示这一次；每个账号最多 5 个",
    auth: true,
    body: CreateWebhookRequestSchema,
    data: CreatedWebhookSchema,
    status: 201,
    errors: [400, 403, 409],
  },
  deleteWebhook: {
    ...routes.deleteWebhook,
    tag: "Webhook",
    summary: "删除 Webhook（未送达的投递一并取消）",
    auth: true,
    data: null,
    errors: [404],
  },
  testWebhook: {
    ...routes.testWebhook,
    tag: "Webhook",
    summary: "发送测试：立即投递一条 webhook.test 事件（已停用的 Webhook 会重新启用）",
    auth: true,
    data: WebhookDeliverySchema,
    status: 202,
    errors: [403, 404, 429],
  },
  listWebhookDeliveries: {
    ...routes.listWebhookDeliveries,
    tag: "Webhook",
    summary: "最近 50 次投递及其状态",
    auth: true,
    data: WebhookDeliveriesSchema,
    errors: [404],
  },
} satisfies WingEndpoints<"webhooks">;

import { z } from "zod";
import { outboundUrlSchema } from "../common.ts";
import { WEBHOOK_EVENTS } from "./events.ts";

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);

/** An endpoint's address: http(s), no user name or password in it (the signature is its proof). */
export const WebhookUrlSchema = outboundUrlSchema("接收地址");

export const CreateWebhookRequestSchema = z.strictObject({
  url: WebhookUrlSchema,
  events: z
    .array(WebhookEventSchema)
    .min(1, { message: "请至少选择一种事件" })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  /** Why the server switched it off (after a day of failed deliveries), in Chinese; null while on. */
  disabledReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The signing secret is answered this once, at creation. */
export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/),
});
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookListSchema = z.object({
  /** False: the server has no SECRET_KEY, webhooks are off (`message` says so). */
  available: z.boolean(),
  message: z.string().nullable(),
  items: z.array(WebhookSchema),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookDeliverySchema = z.object({
  /** The webhook-id header: the same on each retry. */
  id: z.string(),
  type: z.union([WebhookEventSchema, z.literal("webhook.test")]),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  /** The endpoint's last HTTP status; null when none answered. */
  responseStatus: z.number().int().nullable(),
  /** Why the last attempt failed, in Chinese; null after a success. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  /** When a pending one is tried next. */
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesSchema = z.object({ items: z.array(WebhookDeliverySchema) });

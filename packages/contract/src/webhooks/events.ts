// Webhooks' plain values, importable without zod (`@shinian/contract/webhook-events`), and apart
// from constants.ts: that module loads with 首页's first screen, and only the Webhook card needs these.

/** What a webhook may be told of (Standard Webhooks event types). */
export const WEBHOOK_EVENTS = [
  "idea.created",
  "idea.updated",
  "idea.deleted",
  "note.created",
  "note.updated",
  "note.deleted",
  "review.ready",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "idea.created": "新想法",
  "idea.updated": "想法修改",
  "idea.deleted": "想法删除",
  "note.created": "新笔记",
  "note.updated": "笔记修改",
  "note.deleted": "笔记删除",
  "review.ready": "每日回顾已备好",
};

export const WEBHOOKS_MAX = 5;

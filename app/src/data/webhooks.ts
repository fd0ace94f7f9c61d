import type { CreateWebhookRequest } from "@shinian/contract";
import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 隐私与安全 → Webhook: query keys and options; mutations invalidate by these keys. */
export const webhookKeys = {
  all: ["webhooks"],
  deliveries: (id: string) => ["webhooks", id, "deliveries"],
} as const;

export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.all,
  queryFn: () => call("listWebhooks"),
});

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: () => call("listWebhookDeliveries", { params: { id } }).then((r) => r.items),
  });

export const createWebhook = (body: CreateWebhookRequest) => call("createWebhook", { body });
export const deleteWebhook = (id: string) => call("deleteWebhook", { params: { id } });
export const testWebhook = (id: string) => call("testWebhook", { params: { id } });

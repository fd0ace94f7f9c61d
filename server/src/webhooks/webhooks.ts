import { randomUUID } from "node:crypto";
import type { CreatedWebhook, WebhookEvent, WebhookList } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { refuseOutboundUrl } from "../shared/outbound-url.ts";
import { sealSecret } from "./saved-secret.ts";
import { newSecret } from "./signing.ts";
import { findWebhookRow, insertWebhook, listWebhookRows, toWebhook } from "./webhooks.store.ts";

export const WEBHOOKS_NOT_CONFIGURED = "本服务器未开启 Webhook（管理员未设置 SECRET_KEY），请联系管理员";

function keyOf(deps: AppDeps): Buffer {
  const key = deps.config.webhooks.key;
  if (!key) throw new ApiError("FORBIDDEN", WEBHOOKS_NOT_CONFIGURED);
  return key;
}

export async function listWebhooks(deps: AppDeps, userId: string): Promise<WebhookList> {
  const available = deps.config.webhooks.key !== null;
  return {
    available,
    message: available ? null : WEBHOOKS_NOT_CONFIGURED,
    items: (await listWebhookRows(deps.db, userId)).map(toWebhook),
  };
}

/** A new webhook and its secret, answered this once; sealed under SECRET_KEY for the deliveries. */
export async function createWebhook(
  deps: AppDeps,
  userId: string,
  body: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  const key = keyOf(deps);
  const refused = refuseOutboundUrl(body.url, deps.config.webhooks.allowLocal);
  if (refused)
    throw new ApiError("VALIDATION_ERROR", refused, { issues: [{ path: "url", message: refused }] });
  const id = randomUUID();
  const secret = newSecret();
  const row = await insertWebhook(
    deps.db,
    {
      id,
      user_id: userId,
      url: body.url,
      events: body.events,
      secret_enc: sealSecret(key, secret, { userId, webhookId: id }),
    },
    deps.config.webhooks.maxPerAccount,
  );
  if (!row)
    throw new ApiError("CONFLICT", `每个账号最多添加 ${deps.config.webhooks.maxPerAccount} 个 Webhook`);
  return { ...toWebhook(row), secret };
}

export async function ownWebhook(deps: AppDeps, userId: string, id: string) {
  const row = await findWebhookRow(deps.db, userId, id);
  if (!row) throw notFound("Webhook 不存在");
  return row;
}

import { ApiError, notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { deleteWebhook, insertTestDelivery, listDeliveries } from "./webhooks.store.ts";
import { createWebhook, listWebhooks, ownWebhook, WEBHOOKS_NOT_CONFIGURED } from "./webhooks.ts";

/** 隐私与安全 → Webhook. Session only: a token never manages where the notes are sent. */
export function webhookRoutes(mount: Mount) {
  mount("listWebhooks", async ({ deps, userId }) => ({ data: await listWebhooks(deps, userId) }));
  mount("createWebhook", async ({ deps, userId, body }) => ({
    message: "Webhook 已添加，签名密钥只显示这一次",
    data: await createWebhook(deps, userId, body),
  }));
  mount("deleteWebhook", async ({ deps, userId, params }) => {
    if (!(await deleteWebhook(deps.db, userId, params.id))) throw notFound("Webhook 不存在");
    return { message: "Webhook 已删除", data: null };
  });
  mount("testWebhook", async ({ deps, userId, params }) => {
    const webhook = await ownWebhook(deps, userId, params.id);
    if (!deps.config.webhooks.key) throw new ApiError("FORBIDDEN", WEBHOOKS_NOT_CONFIGURED);
    await limitWrites(deps, userId, "webdavTests");
    return { message: "测试事件已发出", data: await insertTestDelivery(deps.db, webhook) };
  });
  mount("listWebhookDeliveries", async ({ deps, userId, params }) => {
    const webhook = await ownWebhook(deps, userId, params.id);
    return {
      data: { items: await listDeliveries(deps.db, webhook.id, deps.config.webhooks.keepDeliveries) },
    };
  });
}

import type { Webhook, WebhookDelivery, WebhookEvent } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

/** The webhooks wing's tables (migration 041): webhooks, and webhook_deliveries filled by the outbox's trigger. */

export type WebhookRow = {
  id: string;
  user_id: string;
  url: string;
  events: WebhookEvent[];
  secret_enc: Buffer;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
};

export const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  createdAt: r.created_at.toISOString(),
});

export async function listWebhookRows(db: Queryable, userId: string): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>(
    "SELECT * FROM webhooks WHERE user_id = $1 ORDER BY created_at, id",
    [userId],
  );
  return rows;
}

export async function findWebhookRow(db: Queryable, userId: string, id: string): Promise<WebhookRow | null> {
  const { rows } = await db.query<WebhookRow>("SELECT * FROM webhooks WHERE id = $1 AND user_id = $2", [
    id,
    userId,
  ]);
  return rows[0] ?? null;
}

/**
 * Adds one unless the account has `max` already (null then). The account's row is locked first,
 * so two requests at once cannot both be the fifth.
 */
export async function insertWebhook(
  db: Queryable,
  row: Pick<WebhookRow, "id" | "user_id" | "url" | "events" | "secret_enc">,
  max: number,
): Promise<WebhookRow | null> {
  const { rows } = await db.query<WebhookRow>(
    `WITH owner AS (SELECT id FROM users WHERE id = $2 FOR UPDATE)
     INSERT INTO webhooks (id, user_id, url, events, secret_enc)
     SELECT $1, $2, $3, $4, $5 FROM owner
     WHERE (SELECT count(*) FROM webhooks WHERE user_id = $2) < $6
     RETURNING *`,
    [row.id, row.user_id, row.url, row.events, row.secret_enc, max],
  );
  return rows[0] ?? null;
}

export async function deleteWebhook(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM webhooks WHERE id = $1 AND user_id = $2", [id, userId]);
  return Boolean(rowCount);
}

type DeliveryRow = {
  id: string;
  webhook_id: string;
  user_id: string;
  type: WebhookDelivery["type"];
  item_id: string | null;
  item_type: "idea" | "note" | "review" | "test";
  event_at: Date;
  status: WebhookDelivery["status"];
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: Date;
  next_attempt_at: Date;
};

export const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: `msg_${r.id}`,
  type: r.type,
  status: r.status,
  attempts: r.attempts,
  responseStatus: r.response_status,
  error: r.error,
  createdAt: r.created_at.toISOString(),
  nextAttemptAt: r.status === "pending" ? r.next_attempt_at.toISOString() : null,
});

/** 发送测试: a delivery of its own, due now; a switched-off webhook is switched on again. */
export async function insertTestDelivery(db: Queryable, webhook: WebhookRow): Promise<WebhookDelivery> {
  const { rows } = await db.query<DeliveryRow>(
    `WITH on_again AS (UPDATE webhooks SET enabled = true, disabled_reason = NULL WHERE id = $1)
     INSERT INTO webhook_deliveries (webhook_id, user_id, type, item_type, event_at)
     VALUES ($1, $2, 'webhook.test', 'test', now()) RETURNING *`,
    [webhook.id, webhook.user_id],
  );
  await db.query("SELECT pg_notify('item_events', $1)", [webhook.user_id]);
  return toDelivery(rows[0]!);
}

export async function listDeliveries(db: Queryable, webhookId: string, limit: number) {
  const { rows } = await db.query<DeliveryRow>(
    "SELECT * FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT $2",
    [webhookId, limit],
  );
  return rows.map(toDelivery);
}

export type ClaimedDelivery = DeliveryRow & { url: string; secret_enc: Buffer };

/**
 * Claims due deliveries, at most `perAccount` of any one account and none of `busyAccounts`
 * (those at their bound in this process), oldest due first. A claim is a lease: next_attempt_at
 * moves `leaseMs` ahead, so another process takes it only if this one dies. SKIP LOCKED: two
 * processes claiming at once take different rows.
 */
export async function claimDue(
  db: Queryable,
  q: { limit: number; perAccount: number; busyAccounts: string[]; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `WITH ranked AS (
       SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY next_attempt_at, id) AS n
       FROM webhook_deliveries
       WHERE status = 'pending' AND next_attempt_at <= now() AND NOT (user_id = ANY ($3::uuid[]))),
     picked AS (
       SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id
       WHERE r.n <= $2 AND d.status = 'pending' AND d.next_attempt_at <= now()
       ORDER BY d.next_attempt_at LIMIT $1 FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
       next_attempt_at = now() + $4::int * interval '1 millisecond'
     FROM picked p, webhooks w WHERE d.id = p.id AND w.id = d.webhook_id
     RETURNING d.*, w.url, w.secret_enc`,
    [q.limit, q.perAccount, q.busyAccounts, q.leaseMs],
  );
  return rows;
}

export async function markDelivered(db: Queryable, id: string, responseStatus: number) {
  await db.query(
    `UPDATE webhook_deliveries SET status = 'delivered', response_status = $2, error = NULL, finished_at = now()
     WHERE id = $1`,
    [id, responseStatus],
  );
}

/** A failed attempt: tried again in `retryInMs`, or (null) given up, and its webhook switched off with `reason`. */
export async function markFailed(
  db: Queryable,
  d: { id: string; webhookId: string },
  outcome: { responseStatus: number | null; error: string; retryInMs: number | null; reason: string },
) {
  if (outcome.retryInMs !== null) {
    await db.query(
      `UPDATE webhook_deliveries SET response_status = $2, error = $3,
         next_attempt_at = now() + $4::int * interval '1 millisecond' WHERE id = $1`,
      [d.id, outcome.responseStatus, outcome.error, outcome.retryInMs],
    );
    return;
  }
  // the webhook off, and what else waited for it given up with it
  await db.query(
    `WITH off AS (UPDATE webhooks SET enabled = false, disabled_reason = $5 WHERE id = $4),
       rest AS (UPDATE webhook_deliveries SET status = 'failed', error = '接收地址已停用', finished_at = now()
         WHERE webhook_id = $4 AND status = 'pending' AND id <> $1)
     UPDATE webhook_deliveries SET status = 'failed', response_status = $2, error = $3, finished_at = now()
     WHERE id = $1`,
    [d.id, outcome.responseStatus, outcome.error, d.webhookId, outcome.reason],
  );
}

/** Keeps the newest `keep` finished deliveries of each webhook. */
export async function pruneDeliveries(db: Queryable, keep: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM webhook_deliveries d USING (
       SELECT id, row_number() OVER (PARTITION BY webhook_id ORDER BY created_at DESC, id) AS n
       FROM webhook_deliveries) r
     WHERE d.id = r.id AND r.n > $1 AND d.status <> 'pending'`,
    [keep],
  );
  return rowCount ?? 0;
}

export async function listWebhooksNotSealedWith(
  db: Queryable,
  prefix: Buffer,
  afterId: string,
  limit: number,
) {
  const { rows } = await db.query<Pick<WebhookRow, "id" | "user_id" | "secret_enc">>(
    `SELECT id, user_id, secret_enc FROM webhooks
     WHERE substring(secret_enc from 1 for $1) <> $2 AND id > $3 ORDER BY id LIMIT $4`,
    [prefix.length, prefix, afterId, limit],
  );
  return rows;
}

export async function resealWebhookSecret(db: Queryable, id: string, sealed: Buffer) {
  await db.query("UPDATE webhooks SET secret_enc = $2 WHERE id = $1", [id, sealed]);
}

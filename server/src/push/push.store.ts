import type { PushChannel, PushChannelKind, PushSettings } from "@shinian/contract";
import { PUSH_CHANNEL_LABELS } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

/** The push wing's tables (migration 053): push_channels, push_settings, push_deliveries. */

export type ChannelRow = {
  id: string;
  user_id: string;
  kind: PushChannelKind;
  name: string | null;
  target: string;
  /** Telegram: the binding whose chat it sends to. */
  binding_id: string | null;
  config_enc: Buffer;
  secret_set: boolean;
  enabled: boolean;
  disabled_reason: string | null;
  failures: number;
  last_error: string | null;
  last_sent_at: Date | null;
  created_at: Date;
};

export const toChannel = (r: ChannelRow): PushChannel => ({
  id: r.id,
  kind: r.kind,
  name: r.name ?? PUSH_CHANNEL_LABELS[r.kind],
  target: r.target,
  bindingId: r.binding_id,
  secretSet: r.secret_set,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  failures: r.failures,
  lastError: r.last_error,
  lastSentAt: r.last_sent_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

const COLUMNS = `id, user_id, kind, name, target, binding_id, config_enc, secret_set, enabled, disabled_reason, failures,
  last_error, last_sent_at, created_at`;

export async function listChannelRows(db: Queryable, userId: string, onlyEnabled = false) {
  const { rows } = await db.query<ChannelRow>(
    `SELECT ${COLUMNS} FROM push_channels WHERE user_id = $1 ${onlyEnabled ? "AND enabled" : ""}
     ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

export async function findChannelRow(db: Queryable, userId: string, id: string): Promise<ChannelRow | null> {
  const { rows } = await db.query<ChannelRow>(
    `SELECT ${COLUMNS} FROM push_channels WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/**
 * Adds one unless the account has `max` already ("full" then), or its chat has a channel already
 * ("taken": one a Telegram binding); the account's row locked first.
 */
export async function insertChannel(
  db: Queryable,
  row: Pick<
    ChannelRow,
    "id" | "user_id" | "kind" | "name" | "target" | "binding_id" | "config_enc" | "secret_set"
  >,
  max: number,
): Promise<ChannelRow | "full" | "taken"> {
  const { rows } = await db.query<ChannelRow>(
    `WITH owner AS (SELECT id FROM users WHERE id = $2 FOR UPDATE)
     INSERT INTO push_channels (id, user_id, kind, name, target, binding_id, config_enc, secret_set)
     SELECT $1, $2, $3, $4, $5, $9, $6, $7 FROM owner
     WHERE (SELECT count(*) FROM push_channels WHERE user_id = $2) < $8
     ON CONFLICT (binding_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      row.id,
      row.user_id,
      row.kind,
      row.name,
      row.target,
      row.config_enc,
      row.secret_set,
      max,
      row.binding_id,
    ],
  );
  if (rows[0]) return rows[0];
  if (!row.binding_id) return "full";
  const { rowCount } = await db.query("SELECT 1 FROM push_channels WHERE binding_id = $1", [row.binding_id]);
  return rowCount ? "taken" : "full";
}

/** Saves a changed channel; `on` switches it on again with its failures cleared. */
export async function updateChannel(
  db: Queryable,
  row: Pick<ChannelRow, "id" | "user_id" | "name" | "target" | "config_enc" | "secret_set">,
  enabled: boolean | undefined,
): Promise<ChannelRow | null> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE push_channels SET name = $3, target = $4, config_enc = $5, secret_set = $6,
       enabled = coalesce($7, enabled),
       disabled_reason = CASE WHEN $7 IS NULL THEN disabled_reason ELSE NULL END,
       failures = CASE WHEN $7 THEN 0 ELSE failures END,
       last_error = CASE WHEN $7 THEN NULL ELSE last_error END
     WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [row.id, row.user_id, row.name, row.target, row.config_enc, row.secret_set, enabled ?? null],
  );
  return rows[0] ?? null;
}

export async function deleteChannel(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM push_channels WHERE id = $1 AND user_id = $2", [
    id,
    userId,
  ]);
  return Boolean(rowCount);
}

/**
 * Takes one send of the channel's minute, across processes (a fixed window on the row); false when
 * the minute's sends are spent.
 */
export async function takeSendSlot(db: Queryable, id: string, perMinute: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE push_channels SET
       window_sent = CASE WHEN window_start > now() - interval '1 minute' THEN window_sent + 1 ELSE 1 END,
       window_start = CASE WHEN window_start > now() - interval '1 minute' THEN window_start ELSE now() END
     WHERE id = $1 AND (window_start <= now() - interval '1 minute' OR window_sent < $2)`,
    [id, perMinute],
  );
  return rowCount === 1;
}

/** A send went through: failures cleared, and (`reenable`, a test) switched on again. */
export async function markSent(db: Queryable, id: string, reenable: boolean): Promise<ChannelRow | null> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE push_channels SET failures = 0, last_error = NULL, last_sent_at = now(),
       enabled = enabled OR $2, disabled_reason = CASE WHEN $2 THEN NULL ELSE disabled_reason END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, reenable],
  );
  return rows[0] ?? null;
}

/**
 * A send failed: kept as the last error; when it `counts`, one more in a row, and at `max` the
 * channel is switched off with `reason`. A failure that does not count (a vendor's bad day, a
 * retry still to come) leaves the count as it was.
 */
export async function markFailed(
  db: Queryable,
  id: string,
  error: string,
  max: number,
  reason: string,
  counts: boolean,
): Promise<ChannelRow | null> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE push_channels SET failures = failures + $5::int, last_error = $2,
       enabled = enabled AND failures + $5::int < $3,
       disabled_reason = CASE WHEN enabled AND failures + $5::int >= $3 THEN $4 ELSE disabled_reason END
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, error, max, reason, counts ? 1 : 0],
  );
  return rows[0] ?? null;
}

export const DEFAULT_SETTINGS: PushSettings = { review: true, reviewAt: "08:30", digests: true };

export async function getSettings(db: Queryable, userId: string): Promise<PushSettings> {
  const { rows } = await db.query<{ review: boolean; review_at: string; digests: boolean }>(
    "SELECT review, to_char(review_at, 'HH24:MI') AS review_at, digests FROM push_settings WHERE user_id = $1",
    [userId],
  );
  const r = rows[0];
  return r ? { review: r.review, reviewAt: r.review_at, digests: r.digests } : DEFAULT_SETTINGS;
}

export async function saveSettings(db: Queryable, userId: string, s: PushSettings): Promise<void> {
  await db.query(
    `INSERT INTO push_settings (user_id, review, review_at, digests) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET review = $2, review_at = $3, digests = $4`,
    [userId, s.review, s.reviewAt, s.digests],
  );
}

/**
 * People due today's 每日回顾 push: an enabled channel, the review on, its time (Beijing) reached by
 * `clock` (a Beijing wall time, "HH:MM") less than `lateMs` ago, and today's delivery neither done
 * nor held by a live claim nor waiting for its retry.
 */
export async function dueReviews(
  db: Queryable,
  q: { day: string; clock: string; staleMs: number; limit: number; lateMs: number },
): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    // from the channels, not the users: only people who added one are read each minute
    `SELECT u.user_id FROM (SELECT DISTINCT user_id FROM push_channels WHERE enabled) u
       LEFT JOIN push_settings s ON s.user_id = u.user_id
     WHERE coalesce(s.review, true) AND coalesce(s.review_at, '08:30') <= $2::time
       AND $2::time - coalesce(s.review_at, '08:30') < $5 * interval '1 millisecond'
       AND NOT EXISTS (SELECT 1 FROM push_deliveries d
         WHERE d.user_id = u.user_id AND d.kind = 'review' AND d.key = $1 AND NOT ${claimable("d")})
     ORDER BY u.user_id LIMIT $4`,
    [q.day, q.clock, q.staleMs, q.limit, q.lateMs],
  );
  return rows.map((r) => r.user_id);
}

/** 周报/月报 made within `withinMs` for people who want them pushed, not pushed (or claimable) yet. */
export async function dueDigests(
  db: Queryable,
  q: { withinMs: number; staleMs: number; limit: number },
): Promise<{ userId: string; period: string; insightId: string }[]> {
  const { rows } = await db.query<{ user_id: string; period: string; insight_id: string }>(
    // joined with its insight: one deleted since (the person's own) is not pushed
    `SELECT g.user_id, g.period, g.insight_id FROM digests g
       JOIN insights i ON i.id = g.insight_id AND i.user_id = g.user_id
       LEFT JOIN push_settings s ON s.user_id = g.user_id
     WHERE g.state = 'made'
       AND g.claimed_at > now() - $1 * interval '1 millisecond'
       AND coalesce(s.digests, true)
       AND EXISTS (SELECT 1 FROM push_channels c WHERE c.user_id = g.user_id AND c.enabled)
       AND NOT EXISTS (SELECT 1 FROM push_deliveries d
         WHERE d.user_id = g.user_id AND d.kind = 'digest' AND d.key = g.period AND NOT ${claimable("d")})
     ORDER BY g.user_id, g.period LIMIT $2`,
    [q.withinMs, q.limit, q.staleMs],
  );
  return rows.map((r) => ({ userId: r.user_id, period: r.period, insightId: r.insight_id }));
}

/** A delivery another process may take: its claimant went quiet ($3 ms), or its retry came due. */
const claimable = (d: string) =>
  `((${d}.state = 'claimed' AND ${d}.claimed_at <= now() - $3 * interval '1 millisecond')
    OR (${d}.state = 'retry' AND ${d}.next_at <= now()))`;

export type DeliveryClaim = {
  userId: string;
  kind: "review" | "digest";
  key: string;
  claim: string;
  attempts: number;
  sentTo: string[];
};

/**
 * Claims one push for this process: a new row, or one claimable (a dead claimant's, a retry due),
 * taken with a new token. Null when another process has it, or it is done. One statement: two
 * processes claiming at once both meet the primary key, and one wins.
 */
export async function claimDelivery(
  db: Queryable,
  userId: string,
  kind: "review" | "digest",
  key: string,
  staleMs: number,
): Promise<DeliveryClaim | null> {
  const { rows } = await db.query<{ claim: string; attempts: number; sent_to: string[] }>(
    `INSERT INTO push_deliveries AS d (user_id, kind, key) VALUES ($1, $2, $4)
     ON CONFLICT (user_id, kind, key) DO UPDATE
       SET state = 'claimed', claim = gen_random_uuid(), claimed_at = now(), attempts = d.attempts + 1
       WHERE ${claimable("d")}
     RETURNING claim, attempts, sent_to`,
    [userId, kind, staleMs, key],
  );
  const r = rows[0];
  return r ? { userId, kind, key, claim: r.claim, attempts: r.attempts, sentTo: r.sent_to } : null;
}

/**
 * A channel reached, written at once under the claim: a process that dies (or shuts down) before
 * settling leaves it recorded, and whoever takes the delivery over does not send to it again.
 * False when the claim was taken over meanwhile.
 */
export async function recordSentTo(db: Queryable, c: DeliveryClaim, channelId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE push_deliveries SET sent_to = CASE WHEN $5 = ANY(sent_to) THEN sent_to ELSE array_append(sent_to, $5) END
     WHERE user_id = $1 AND kind = $2 AND key = $3 AND claim = $4 AND state = 'claimed'`,
    [c.userId, c.kind, c.key, c.claim, channelId],
  );
  return rowCount === 1;
}

/**
 * Ends this attempt: sent, given up (failed), or to be retried in `retryInMs`; `sentTo` are the
 * channels reached so far. False when the claim was taken over meanwhile.
 */
export async function settleDelivery(
  db: Queryable,
  c: DeliveryClaim,
  o: {
    state: "sent" | "skipped" | "failed" | "retry";
    /** Null: as recorded so far (recordSentTo). */
    sentTo: string[] | null;
    error: string | null;
    retryInMs?: number;
  },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE push_deliveries SET state = $5, sent_to = coalesce($6, sent_to), error = $7,
       next_at = CASE WHEN $5 = 'retry' THEN now() + $8 * interval '1 millisecond' END
     WHERE user_id = $1 AND kind = $2 AND key = $3 AND claim = $4 AND state = 'claimed'`,
    [c.userId, c.kind, c.key, c.claim, o.state, o.sentTo, o.error, o.retryInMs ?? 0],
  );
  return rowCount === 1;
}

export async function deliveryOf(db: Queryable, userId: string, kind: "review" | "digest", key: string) {
  const { rows } = await db.query<{
    state: string;
    attempts: number;
    sent_to: string[];
    error: string | null;
  }>(
    "SELECT state, attempts, sent_to, error FROM push_deliveries WHERE user_id = $1 AND kind = $2 AND key = $3",
    [userId, kind, key],
  );
  return rows[0] ?? null;
}

export async function listChannelsNotSealedWith(
  db: Queryable,
  prefix: Buffer,
  afterId: string,
  limit: number,
) {
  const { rows } = await db.query<Pick<ChannelRow, "id" | "user_id" | "config_enc">>(
    `SELECT id, user_id, config_enc FROM push_channels
     WHERE substring(config_enc from 1 for $1) <> $2 AND id > $3 ORDER BY id LIMIT $4`,
    [prefix.length, prefix, afterId, limit],
  );
  return rows;
}

export async function resealChannel(db: Queryable, id: string, sealed: Buffer) {
  await db.query("UPDATE push_channels SET config_enc = $2 WHERE id = $1", [id, sealed]);
}

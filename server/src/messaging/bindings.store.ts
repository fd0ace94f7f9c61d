import { createHash, randomInt } from "node:crypto";
import type { MessagingBinding, MessagingPlatform } from "@shinian/contract";
import { type Db, type Queryable, tx } from "../db/pool.ts";

/** Chat bindings (migration 054): the only code touching messaging_* tables. */

const hashOf = (code: string) => createHash("sha256").update(code).digest();

const UNIQUE_VIOLATION = "23505";

/**
 * A new 8-digit code for the person, replacing any earlier one. It lives 10 minutes and works once;
 * it is kept as its SHA-256 only so that a code is looked up by equality (an unsalted hash of so
 * few digits is reversed by trying them all: a dump of a live row is as good as the code). One
 * clashing with another person's live code is drawn again (a code must name one person).
 */
export async function issueBindCode(
  db: Queryable,
  userId: string,
  ttlMs: number,
  draws: number,
): Promise<{ code: string; expiresAt: Date }> {
  for (let draw = 1; ; draw++) {
    const code = String(randomInt(0, 100_000_000)).padStart(8, "0");
    try {
      // expired codes of anyone are cleared first, so that they never block a draw
      await db.query("DELETE FROM messaging_bind_codes WHERE expires_at < now()");
      const { rows } = await db.query<{ expires_at: Date }>(
        `INSERT INTO messaging_bind_codes (user_id, code_hash, expires_at)
         VALUES ($1, $2, now() + $3 * interval '1 millisecond')
         ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at
         RETURNING expires_at`,
        [userId, hashOf(code), ttlMs],
      );
      return { code, expiresAt: rows[0]!.expires_at };
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION || draw >= draws) throw err;
    }
  }
}

/** The person whose live code this is, the code used up; null when no live code is this. */
async function takeBindCode(db: Queryable, code: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string; live: boolean }>(
    "DELETE FROM messaging_bind_codes WHERE code_hash = $1 RETURNING user_id, expires_at > now() AS live",
    [hashOf(code)],
  );
  return rows[0]?.live ? rows[0].user_id : null;
}

export type BindAttempt =
  | { outcome: "bound"; userId: string }
  | { outcome: "wrong" | "senderLimited" | "busy" };

/**
 * One `绑定 <code>`: the failures counted, the code tried, a failure recorded and a binding made
 * as one, under a transaction-scoped advisory lock that every attempt takes. Attempts are rare, so
 * one lock for all keeps both caps exact whatever runs at once (Telegram's webhook hands several
 * updates of one chat to the server together): `perSender` failures per chat account per hour,
 * and `overall` failures per hour across all senders (many accounts guessing), after which every
 * attempt is refused until the hour has passed.
 */
export async function attemptBind(
  db: Db,
  platform: MessagingPlatform,
  externalId: string,
  code: string,
  limits: { perSender: number; overall: number },
): Promise<BindAttempt> {
  return tx(db, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('shinian bind attempt')::bigint)");
    const { rows } = await client.query<{ mine: number; all: number }>(
      `SELECT count(*) FILTER (WHERE platform = $1 AND external_id = $2)::int AS mine, count(*)::int AS all
       FROM messaging_bind_failures WHERE failed_at > now() - interval '1 hour'`,
      [platform, externalId],
    );
    if (rows[0]!.all >= limits.overall) return { outcome: "busy" };
    if (rows[0]!.mine >= limits.perSender) return { outcome: "senderLimited" };
    const userId = await takeBindCode(client, code);
    if (!userId) {
      await client.query(
        `WITH cleared AS (DELETE FROM messaging_bind_failures WHERE failed_at < now() - interval '1 hour')
         INSERT INTO messaging_bind_failures (platform, external_id) VALUES ($1, $2)`,
        [platform, externalId],
      );
      return { outcome: "wrong" };
    }
    await bind(client, platform, externalId, userId);
    return { outcome: "bound", userId };
  });
}

/** What the review by reply needs: the items of the last 回顾 sent to the chat, by number. */
export type ReviewRef = { type: "idea" | "note"; id: string };

export type Binding = {
  id: string;
  userId: string;
  /** The Beijing day of the last 回顾 sent here, when it was sent, and its items shown, in the order numbered. */
  reviewDay: string | null;
  reviewAt: Date | null;
  reviewItems: ReviewRef[];
};

type BindingRow = {
  id: string;
  user_id: string;
  review_day: string | null;
  review_at: Date | null;
  review_items: ReviewRef[] | null;
};

const toBinding = (r: BindingRow): Binding => ({
  id: r.id,
  userId: r.user_id,
  reviewDay: r.review_day,
  reviewAt: r.review_at,
  reviewItems: r.review_items ?? [],
});

/**
 * Binds the chat account to the person. Bound to someone else before, it becomes a new binding:
 * the old one goes, and with it what hung on it (a Telegram push channel, migration 057), so that
 * nothing of the earlier account's reaches the new one.
 */
export async function bind(db: Queryable, platform: MessagingPlatform, externalId: string, userId: string) {
  await db.query(
    "DELETE FROM messaging_bindings WHERE platform = $1 AND external_id = $2 AND user_id <> $3",
    [platform, externalId, userId],
  );
  await db.query(
    `INSERT INTO messaging_bindings (platform, external_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (platform, external_id) DO UPDATE
       SET created_at = now(), review_day = NULL, review_at = NULL, review_items = NULL`,
    [platform, externalId, userId],
  );
}

/** The chat of the person's Telegram binding, and its label; null when it is not theirs (any more). */
export async function telegramChat(
  db: Queryable,
  userId: string,
  bindingId: string,
): Promise<{ chatId: string; label: string } | null> {
  const { rows } = await db.query<{ external_id: string }>(
    "SELECT external_id FROM messaging_bindings WHERE id = $1 AND user_id = $2 AND platform = 'telegram'",
    [bindingId, userId],
  );
  return rows[0] ? { chatId: rows[0].external_id, label: labelOf(rows[0].external_id) } : null;
}

export async function findBinding(
  db: Queryable,
  platform: MessagingPlatform,
  externalId: string,
): Promise<Binding | null> {
  const { rows } = await db.query<BindingRow>(
    `SELECT id, user_id, to_char(review_day, 'YYYY-MM-DD') AS review_day, review_at, review_items
     FROM messaging_bindings WHERE platform = $1 AND external_id = $2`,
    [platform, externalId],
  );
  return rows[0] ? toBinding(rows[0]) : null;
}

/** true when the chat account was bound. */
export async function unbindExternal(db: Queryable, platform: MessagingPlatform, externalId: string) {
  const { rowCount } = await db.query(
    "DELETE FROM messaging_bindings WHERE platform = $1 AND external_id = $2",
    [platform, externalId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The review just sent to the chat, by number. `asked`: the person sent 回顾, so a bare `2 …` in the
 * next 30 minutes answers it; a pushed review (not asked for) is answered only by a reply to it,
 * and clears that window, so that a message of the morning is never taken for a 批注 unasked.
 */
export async function rememberReview(
  db: Queryable,
  bindingId: string,
  day: string,
  items: ReviewRef[],
  asked: boolean,
) {
  await db.query(
    `UPDATE messaging_bindings SET review_day = $2, review_at = CASE WHEN $4 THEN now() END, review_items = $3
     WHERE id = $1`,
    [bindingId, day, JSON.stringify(items), asked],
  );
}

/** An openid's first and last few characters: enough to tell two apart, not enough to write to it. */
const labelOf = (externalId: string) =>
  externalId.length <= 8 ? externalId : `${externalId.slice(0, 4)}…${externalId.slice(-4)}`;

export async function listBindings(db: Queryable, userId: string): Promise<MessagingBinding[]> {
  const { rows } = await db.query<{
    id: string;
    platform: MessagingPlatform;
    external_id: string;
    created_at: Date;
  }>(
    `SELECT id, platform, external_id, created_at FROM messaging_bindings
     WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    platform: r.platform,
    label: labelOf(r.external_id),
    createdAt: r.created_at.toISOString(),
  }));
}

export async function deleteBinding(db: Queryable, userId: string, id: string) {
  const { rowCount } = await db.query("DELETE FROM messaging_bindings WHERE id = $1 AND user_id = $2", [
    id,
    userId,
  ]);
  return (rowCount ?? 0) > 0;
}

/**
 * Claims a message by the platform's key: `fresh` the first time, whichever process it reached;
 * a repeat gets the reply saved for it (null while the first is still being handled) and which
 * try this is (the first is 1), counted in the same statement.
 */
export async function claimMessage(
  db: Queryable,
  platform: MessagingPlatform,
  key: string,
): Promise<{ fresh: true } | { fresh: false; reply: string | null; tries: number }> {
  const { rows } = await db.query<{ fresh: boolean; reply: string | null; tries: number }>(
    `INSERT INTO messaging_seen (platform, message_key) VALUES ($1, $2)
     ON CONFLICT (platform, message_key) DO UPDATE SET tries = messaging_seen.tries + 1
     RETURNING (xmax = 0) AS fresh, reply, tries`,
    [platform, key],
  );
  const row = rows[0]!;
  return row.fresh ? { fresh: true } : { fresh: false, reply: row.reply, tries: row.tries };
}

/** The reply saved for a claimed message, null while it is still being worked on. */
export async function savedReply(db: Queryable, platform: MessagingPlatform, key: string) {
  const { rows } = await db.query<{ reply: string | null }>(
    "SELECT reply FROM messaging_seen WHERE platform = $1 AND message_key = $2",
    [platform, key],
  );
  return rows[0]?.reply ?? null;
}

export async function saveReply(db: Queryable, platform: MessagingPlatform, key: string, reply: string) {
  await db.query("UPDATE messaging_seen SET reply = $3 WHERE platform = $1 AND message_key = $2", [
    platform,
    key,
    reply,
  ]);
}

/**
 * A signed WeChat (timestamp, nonce) with the hash of its body: true the first time, or when the
 * same pair comes again with the same body (a retry); false for the pair with another body (a
 * captured signature replayed over another message).
 */
export async function rememberNonce(
  db: Queryable,
  signedAt: number,
  nonce: string,
  body: string,
): Promise<boolean> {
  const hash = createHash("sha256").update(body).digest();
  const { rows } = await db.query<{ same: boolean }>(
    `WITH added AS (
       INSERT INTO messaging_wechat_nonces (signed_at, nonce, body_hash) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING true AS same)
     SELECT same FROM added
     UNION ALL
     SELECT body_hash = $3 FROM messaging_wechat_nonces WHERE signed_at = $1 AND nonce = $2
     LIMIT 1`,
    [signedAt, nonce, hash],
  );
  return rows[0]?.same ?? true;
}

/**
 * No platform retries a message two days later: its key may go; a nonce outside the clock window
 * is refused by its timestamp anyway. Run from the periodic sweep (server.ts).
 */
export async function pruneSeen(db: Queryable, nonceWindowMs: number) {
  await db.query("DELETE FROM messaging_seen WHERE seen_at < now() - interval '2 days'");
  await db.query(
    "DELETE FROM messaging_wechat_nonces WHERE seen_at < now() - 2 * $1 * interval '1 millisecond'",
    [nonceWindowMs],
  );
}

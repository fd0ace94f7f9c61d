import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";

/** 周报/月报's claims (migration 048): one row per person and period, the only code touching `digests`. */

export type DigestClaim = { userId: string; period: string; claim: string; attempts: number };

/**
 * The people who opted in (`weekly` or `monthly`) whose period — `periods[frequency]` — is neither
 * made, skipped nor failed, nor claimed less than `staleMs` ago by a process that may still be at it.
 */
export async function dueDigests(
  db: Queryable,
  periods: { weekly: string; monthly: string },
  staleMs: number,
  limit: number,
): Promise<{ userId: string; period: string }[]> {
  const { rows } = await db.query<{ user_id: string; period: string }>(
    `SELECT u.id AS user_id, p.period FROM users u,
       LATERAL (SELECT CASE u.settings ->> 'digest' WHEN 'weekly' THEN $1 ELSE $2 END AS period) p
     WHERE u.settings ->> 'digest' IN ('weekly', 'monthly')
       AND NOT EXISTS (SELECT 1 FROM digests d WHERE d.user_id = u.id AND d.period = p.period
         AND (d.state <> 'claimed' OR d.claimed_at > now() - $3 * interval '1 millisecond'))
     ORDER BY u.id LIMIT $4`,
    [periods.weekly, periods.monthly, staleMs, limit],
  );
  return rows.map((r) => ({ userId: r.user_id, period: r.period }));
}

/**
 * Claims the period for this process: a new row, or one whose claimant went quiet `staleMs` ago
 * (its process died) taken over with a new token. Null when another process holds it or it is done.
 * One statement: two processes claiming together both meet the primary key, one wins.
 */
export async function claimDigest(
  db: Queryable,
  userId: string,
  period: string,
  staleMs: number,
): Promise<DigestClaim | null> {
  const { rows } = await db.query<{ claim: string; attempts: number }>(
    `INSERT INTO digests (user_id, period) VALUES ($1, $2)
     ON CONFLICT (user_id, period) DO UPDATE
       SET claim = gen_random_uuid(), claimed_at = now(), attempts = digests.attempts + 1
       WHERE digests.state = 'claimed' AND digests.claimed_at <= now() - $3 * interval '1 millisecond'
     RETURNING claim, attempts`,
    [userId, period, staleMs],
  );
  return rows[0] ? { userId, period, claim: rows[0].claim, attempts: rows[0].attempts } : null;
}

/**
 * Ends a claim: made (with its insight), skipped or failed (with the reason). False when the claim
 * was taken over meanwhile: the caller's work must not count (its transaction rolls back).
 */
export async function settleDigest(
  db: Queryable,
  c: DigestClaim,
  outcome: { state: "made"; insightId: string } | { state: "skipped" | "failed"; reason: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE digests SET state = $4, insight_id = $5, reason = $6
     WHERE user_id = $1 AND period = $2 AND claim = $3 AND state = 'claimed'`,
    [
      c.userId,
      c.period,
      c.claim,
      outcome.state,
      outcome.state === "made" ? outcome.insightId : null,
      outcome.state === "made" ? null : outcome.reason,
    ],
  );
  return rowCount === 1;
}

/** A failed attempt: the reason is kept, and the claim is taken again once stale (a later sweep). */
export async function releaseDigest(db: Queryable, c: DigestClaim, reason: string): Promise<void> {
  await db.query(
    `UPDATE digests SET reason = $4
     WHERE user_id = $1 AND period = $2 AND claim = $3 AND state = 'claimed'`,
    [c.userId, c.period, c.claim, reason],
  );
}

/** Digests made and not opened yet (a deleted one no longer counts). */
export async function unreadDigests(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM digests d JOIN insights i ON i.id = d.insight_id
     WHERE d.user_id = $1 AND d.state = 'made' AND d.read_at IS NULL`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Marks the insight read when it is a digest (a person's own 洞察 has nothing to mark); 404 when not
 * theirs. True when it was an unread digest (the unread count went down).
 */
export async function markDigestRead(db: Queryable, userId: string, insightId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string; marked: boolean }>(
    `WITH marked AS (
       UPDATE digests SET read_at = now() WHERE insight_id = $1 AND user_id = $2 AND read_at IS NULL
       RETURNING 1)
     SELECT id, EXISTS (SELECT 1 FROM marked) AS marked FROM insights WHERE id = $1 AND user_id = $2`,
    [insightId, userId],
  );
  if (!rows[0]) throw notFound("洞察不存在");
  return rows[0].marked;
}

/** The period's state, as tests and the sweep's log read it. */
export async function digestState(db: Queryable, userId: string, period: string) {
  const { rows } = await db.query<{ state: string; reason: string | null; insight_id: string | null }>(
    "SELECT state, reason, insight_id FROM digests WHERE user_id = $1 AND period = $2",
    [userId, period],
  );
  return rows[0] ?? null;
}

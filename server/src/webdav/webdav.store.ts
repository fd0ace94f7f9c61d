/** 定时备份到 WebDAV: each user's settings and the scheduler's state (webdav_backups). */
import type { WebdavFrequency } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";

export type WebdavRow = {
  user_id: string;
  url: string;
  username: string;
  password_enc: Buffer;
  frequency: WebdavFrequency;
  keep: number;
  next_run_at: Date | null;
  claim_id: string | null;
  /** When the last upload started: kept after it ends (the wait before 立即备份 again counts from it). */
  claimed_at: Date | null;
  failures: number;
  last_success_at: Date | null;
  last_success_file: string | null;
  last_success_bytes: string | null; // bigint
  last_failure_at: Date | null;
  last_failure_message: string | null;
  /** When the address or user name was last set. */
  target_changed_at: Date;
  /** Switched off by a password change or reset: when, and what the card says. */
  stopped_at: Date | null;
  stopped_message: string | null;
};

export async function findWebdav(db: Queryable, userId: string): Promise<WebdavRow | undefined> {
  const { rows } = await db.query<WebdavRow>("SELECT * FROM webdav_backups WHERE user_id = $1", [userId]);
  return rows[0];
}

export type WebdavSettings = {
  url: string;
  username: string;
  passwordEnc: Buffer;
  frequency: WebdavFrequency;
  keep: number;
  nextRunAt: Date | null;
  /** The address or user name changed: the failure shown was about the old ones. */
  connectionChanged: boolean;
};

/**
 * Creates or replaces the user's settings (a backup switched off by a password change is on again
 * as they say); the outcome of the last upload stays.
 */
export async function saveWebdav(db: Queryable, userId: string, s: WebdavSettings): Promise<void> {
  await db.query(
    `INSERT INTO webdav_backups (user_id, url, username, password_enc, frequency, keep, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET url = $2, username = $3, password_enc = $4, frequency = $5,
       keep = $6, next_run_at = $7, updated_at = now(), stopped_at = NULL, stopped_message = NULL,
       target_changed_at = CASE WHEN $8 THEN now() ELSE webdav_backups.target_changed_at END,
       failures = CASE WHEN $8 THEN 0 ELSE webdav_backups.failures END,
       last_failure_at = CASE WHEN $8 THEN NULL ELSE webdav_backups.last_failure_at END,
       last_failure_message = CASE WHEN $8 THEN NULL ELSE webdav_backups.last_failure_message END`,
    [userId, s.url, s.username, s.passwordEnc, s.frequency, s.keep, s.nextRunAt, s.connectionChanged],
  );
}

/** Replaces the sealed password, unless the row changed since it was read (its settings saved anew). */
export async function resealWebdavPassword(
  db: Queryable,
  row: { user_id: string; url: string; username: string; password_enc: Buffer },
  sealed: Buffer,
): Promise<void> {
  await db.query(
    `UPDATE webdav_backups SET password_enc = $5
     WHERE user_id = $1 AND url = $2 AND username = $3 AND password_enc = $4`,
    [row.user_id, row.url, row.username, row.password_enc, sealed],
  );
}

export type SealedWebdav = Pick<WebdavRow, "user_id" | "url" | "username" | "password_enc">;

/** A page, by user id after `afterUserId`, of passwords not starting with `prefix` (another key's, the old format). */
export async function listWebdavNotSealedWith(
  db: Queryable,
  prefix: Buffer,
  afterUserId: string,
  limit: number,
): Promise<SealedWebdav[]> {
  const { rows } = await db.query<SealedWebdav>(
    `SELECT user_id, url, username, password_enc FROM webdav_backups
     WHERE substring(password_enc from 1 for $1) <> $2 AND user_id > $3
     ORDER BY user_id LIMIT $4`,
    [prefix.length, prefix, afterUserId, limit],
  );
  return rows;
}

/**
 * A password change or reset: the backup pauses (whoever knew the old password may have set the
 * address) until the owner saves the settings again. The frequency stays, so saving again turns
 * the same schedule back on; stopped_at alone keeps the row from running. False when there was
 * none to stop.
 */
export async function stopWebdav(db: Queryable, userId: string, message: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webdav_backups SET next_run_at = NULL, stopped_at = now(), stopped_message = $2
     WHERE user_id = $1`,
    [userId, message],
  );
  return rowCount === 1;
}

export async function deleteWebdav(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM webdav_backups WHERE user_id = $1", [userId]);
}

/**
 * 立即备份: due now, unless an upload is under way (its claim younger than `leaseMs`). False when
 * one is.
 */
export async function requestWebdavRun(db: Queryable, userId: string, now: Date, leaseMs: number) {
  const { rowCount } = await db.query(
    `UPDATE webdav_backups SET next_run_at = $2
     WHERE user_id = $1 AND stopped_at IS NULL AND (claim_id IS NULL OR claimed_at <= $2::timestamptz - make_interval(secs => $3 / 1000.0))`,
    [userId, now, leaseMs],
  );
  return rowCount === 1;
}

export type ClaimedWebdav = WebdavRow & { claim_id: string };

/**
 * Claims the upload due longest, of any user, for this process: SKIP LOCKED, so processes
 * claiming at once take different rows, and its next_run_at moves a lease ahead, so the row is
 * due again by itself should this process die before it records the outcome.
 */
export async function claimDueWebdav(
  db: Queryable,
  now: Date,
  leaseMs: number,
): Promise<ClaimedWebdav | undefined> {
  const { rows } = await db.query<ClaimedWebdav>(
    `UPDATE webdav_backups b
        SET claim_id = gen_random_uuid(), claimed_at = $1::timestamptz,
            next_run_at = $1::timestamptz + make_interval(secs => $2 / 1000.0)
       FROM (SELECT user_id FROM webdav_backups WHERE next_run_at <= $1 AND stopped_at IS NULL
              ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
      WHERE b.user_id = due.user_id
      RETURNING b.*`,
    [now, leaseMs],
  );
  return rows[0];
}

/**
 * The next run after one, by the frequency set now (it may have changed during the upload); none
 * once paused meanwhile.
 */
export type NextRuns = { daily: Date; weekly: Date };

const NEXT_BY_FREQUENCY = `CASE WHEN stopped_at IS NOT NULL THEN NULL WHEN frequency = 'daily' THEN $3::timestamptz WHEN frequency = 'weekly' THEN $4::timestamptz END`;

/** Records an upload that succeeded, if the claim is still this one's. */
export async function recordWebdavSuccess(
  db: Queryable,
  claim: ClaimedWebdav,
  next: NextRuns,
  done: { at: Date; fileName: string; bytes: number },
): Promise<void> {
  await db.query(
    `UPDATE webdav_backups SET claim_id = NULL, next_run_at = ${NEXT_BY_FREQUENCY},
       failures = 0, last_success_at = $5, last_success_file = $6, last_success_bytes = $7,
       last_failure_at = NULL, last_failure_message = NULL
     WHERE user_id = $1 AND claim_id = $2`,
    [claim.user_id, claim.claim_id, next.daily, next.weekly, done.at, done.fileName, done.bytes],
  );
}

/**
 * Records a failure and when to try again (null: not by itself, the settings must change), if the
 * claim is still this one's. With the schedule 关闭 nothing is tried again by itself.
 */
export async function recordWebdavFailure(
  db: Queryable,
  claim: ClaimedWebdav,
  failed: { at: Date; message: string; retryAt: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE webdav_backups SET claim_id = NULL,
       next_run_at = CASE WHEN stopped_at IS NOT NULL OR frequency = 'off' THEN NULL ELSE $5::timestamptz END,
       failures = failures + 1, last_failure_at = $3, last_failure_message = $4
     WHERE user_id = $1 AND claim_id = $2`,
    [claim.user_id, claim.claim_id, failed.at, failed.message, failed.retryAt],
  );
}

/** Gives the claim back to run at `at`, without counting a failure (the user's export slot was busy). */
export async function postponeWebdav(db: Queryable, claim: ClaimedWebdav, at: Date): Promise<void> {
  await db.query(
    `UPDATE webdav_backups SET claim_id = NULL, claimed_at = NULL,
       next_run_at = CASE WHEN stopped_at IS NULL THEN $3::timestamptz END
     WHERE user_id = $1 AND claim_id = $2`,
    [claim.user_id, claim.claim_id, at],
  );
}

// Over 300 lines on purpose: the import tables' one store (the store rule): uploads, chunks' jobs, leases, refusals.
import type { ImportKind, ImportPreview, ImportRefusal, ImportStatus } from "@shinian/contract";
import type { ProfileText } from "../accounts/profile.store.ts";
import { type Db, type Queryable, tx } from "../db/pool.ts";
import { QUIET_OUTBOX_SQL } from "../webhooks/outbox.store.ts";
import type { StoredPart } from "./stored-upload.ts";

/** An upload or preview not started within this is swept away with its chunks. */
export const PREVIEW_LIFETIME = "interval '1 day'";
/** The refusals a job keeps to show (the contract's "at most the first 100"). */
export const MAX_REFUSALS = 100;

export type ImportJobRow = {
  id: string;
  user_id: string;
  status: "uploading" | ImportStatus["status"];
  kind: ImportKind | null;
  parts: StoredPart[];
  preview: ImportPreview | null;
  take_profile: boolean;
  total: number;
  done: number;
  imported: ImportStatus["imported"];
  skipped: number;
  refused: ImportRefusal[];
  refused_count: number;
  error: string | null;
  lease_owner: string | null;
  /** How long ago a process first took the job (0 before): what its time budget has used. */
  used_ms: number;
};

/** A running job no process holds (lease_owner null) waits for a free slot: 排队中. */
export const toImportStatus = (r: ImportJobRow): ImportStatus => ({
  status:
    r.status === "uploading"
      ? "previewed"
      : r.status === "running" && r.lease_owner === null
        ? "queued"
        : r.status,
  kind: r.kind ?? "markdown",
  preview: r.preview ?? { ideas: 0, notes: 0, conversations: 0, duplicates: 0, from: null, to: null },
  total: r.total,
  done: r.done,
  imported: r.imported,
  skipped: r.skipped,
  refused: r.refused,
  refusedCount: r.refused_count,
  error: r.error,
});

const COLUMNS = `id, user_id, status, kind, parts, preview, take_profile, total, done, imported, skipped,
  refused, refused_count, error, lease_owner,
  coalesce((extract(epoch FROM now() - started_at) * 1000)::int, 0) AS used_ms`;

/** An upload still 'uploading' after this was left by a process that stopped: it is replaced. */
const UPLOAD_ABANDONED = "interval '1 hour'";

/**
 * A job for an upload to arrive in: none while another upload of the user is arriving or an
 * import runs (which one is said instead), so that with the preview it replaces once previewed
 * (markPreviewed), a user's unstarted uploads are at most two. Per user, one at a time (a lock).
 */
export async function createUploadJob(
  db: Db,
  userId: string,
): Promise<{ id: string } | { busy: "uploading" | "running" }> {
  return tx(db, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`import-upload:${userId}`]);
    const { rows: busy } = await client.query<{ status: "uploading" | "running" }>(
      `SELECT status FROM import_jobs WHERE user_id = $1
         AND (status = 'running' OR (status = 'uploading' AND created_at > now() - ${UPLOAD_ABANDONED}))
       ORDER BY status = 'running' DESC LIMIT 1`,
      [userId],
    );
    if (busy[0]) return { busy: busy[0].status };
    // an upload left by a process that stopped
    await client.query("DELETE FROM import_jobs WHERE user_id = $1 AND status = 'uploading'", [userId]);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO import_jobs (user_id, status, expires_at) VALUES ($1, 'uploading', now() + ${PREVIEW_LIFETIME})
       RETURNING id`,
      [userId],
    );
    return { id: rows[0]!.id };
  });
}

/**
 * The upload is previewed and becomes the user's one unstarted job: an earlier preview is
 * deleted with its chunks (only now: an upload refused changes nothing).
 */
export async function markPreviewed(
  db: Db,
  userId: string,
  jobId: string,
  job: { kind: ImportKind; parts: StoredPart[]; preview: ImportPreview; total: number },
) {
  await tx(db, async (client) => {
    await client.query("DELETE FROM import_jobs WHERE user_id = $1 AND status = 'previewed' AND id <> $2", [
      userId,
      jobId,
    ]);
    await client.query(
      `UPDATE import_jobs SET status = 'previewed', kind = $2, parts = $3, preview = $4, total = $5
       WHERE id = $1 AND status = 'uploading'`,
      [jobId, job.kind, JSON.stringify(job.parts), JSON.stringify(job.preview), job.total],
    );
  });
}

/** The user's job as the API shows it (an upload still arriving is nobody's job yet). */
export async function findImportJob(db: Queryable, userId: string, jobId: string, lock = false) {
  const { rows } = await db.query<ImportJobRow>(
    `SELECT ${COLUMNS} FROM import_jobs WHERE id = $1 AND user_id = $2 AND status <> 'uploading'
     ${lock ? "FOR UPDATE" : ""}`,
    [jobId, userId],
  );
  return rows[0] ?? null;
}

export async function deleteImportJob(db: Queryable, jobId: string) {
  await db.query("DELETE FROM import_jobs WHERE id = $1", [jobId]);
}

/**
 * previewed → running, under a lease held by `owner`, or queued (no owner, no lease) for any
 * process with a free slot to claim; null when the job is not previewed. A second running import
 * of the user meets the unique index (23505).
 */
export async function startImportJob(
  db: Queryable,
  userId: string,
  jobId: string,
  takeProfile: boolean,
  owner: string | null,
  leaseMs: number,
): Promise<ImportJobRow | null> {
  const { rows } = await db.query<ImportJobRow>(
    `UPDATE import_jobs SET status = 'running', take_profile = $3, lease_owner = $4,
       lease_until = CASE WHEN $4::uuid IS NOT NULL THEN now() + $5 * interval '1 millisecond' END,
       started_at = CASE WHEN $4::uuid IS NOT NULL THEN now() END
     WHERE id = $1 AND user_id = $2 AND status = 'previewed' RETURNING ${COLUMNS}`,
    [jobId, userId, takeProfile, owner, leaseMs],
  );
  return rows[0] ?? null;
}

/**
 * Claims at most `limit` running jobs no live lease holds (their process died or stopped, or they
 * wait queued), the orphaned first, none of `runningHere`: each is claimed by one process (the
 * UPDATE's row lock), under a new owner. Also says when the next lease held elsewhere (by another
 * process: none of `runningHere`) expires.
 */
export async function claimExpiredJobs(
  db: Queryable,
  owner: string,
  leaseMs: number,
  limit: number,
  runningHere: string[],
): Promise<{ claimed: ImportJobRow[]; nextExpiryMs: number | null }> {
  const { rows } = await db.query<ImportJobRow>(
    `UPDATE import_jobs SET lease_owner = $1, lease_until = now() + $2 * interval '1 millisecond',
       started_at = coalesce(started_at, now())
     WHERE id IN (SELECT id FROM import_jobs
                  WHERE status = 'running' AND (lease_until IS NULL OR lease_until < now()) AND id <> ALL($4::uuid[])
                  ORDER BY lease_until NULLS LAST, created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [owner, leaseMs, limit, runningHere],
  );
  const next = await db.query<{ ms: number | null }>(
    `SELECT (extract(epoch FROM min(lease_until) - now()) * 1000)::int AS ms FROM import_jobs
     WHERE status = 'running' AND lease_owner <> $1 AND id <> ALL($2::uuid[])`,
    [owner, runningHere],
  );
  return { claimed: rows, nextExpiryMs: next.rows[0]?.ms ?? null };
}

/**
 * The supervisor's renewal of its job's lease: "lost" once the job is no longer its (ended, or
 * taken over), "cancelling" once a cancel was asked for (requestCancel). It never waits for the
 * row: while a batch holds it locked, no other process can take the job, and the batch extends
 * the lease as it commits.
 */
export async function renewLease(
  db: Queryable,
  jobId: string,
  owner: string,
  leaseMs: number,
): Promise<"ours" | "lost" | "cancelling"> {
  const { rows } = await db.query<{ ours: boolean; cancelling: boolean }>(
    `WITH renewed AS (
       UPDATE import_jobs SET lease_until = now() + $3 * interval '1 millisecond'
       WHERE id = (SELECT id FROM import_jobs WHERE id = $1 AND lease_owner = $2 AND status = 'running'
                   FOR UPDATE SKIP LOCKED)
       RETURNING id)
     SELECT status = 'running' AND lease_owner = $2 AS ours,
       EXISTS (SELECT 1 FROM import_cancel_requests WHERE job_id = $1) AS cancelling
     FROM import_jobs WHERE id = $1`,
    [jobId, owner, leaseMs],
  );
  if (rows[0]?.cancelling) return "cancelling";
  return rows[0]?.ours === true ? "ours" : "lost";
}

/** Asks the job's runner, in whichever process, to end (renewLease reads it), without its row lock. */
export async function requestCancel(db: Queryable, jobId: string) {
  await db.query("INSERT INTO import_cancel_requests (job_id) VALUES ($1) ON CONFLICT DO NOTHING", [jobId]);
}

export async function dropCancelRequest(db: Queryable, jobId: string) {
  await db.query("DELETE FROM import_cancel_requests WHERE job_id = $1", [jobId]);
}

/** A running job's state, its row locked while one batch of it is written in this transaction. */
export async function lockJobForBatch(db: Queryable, jobId: string) {
  const { rows } = await db.query<{
    status: ImportJobRow["status"];
    lease_owner: string | null;
    done: number;
    refused: number;
  }>(
    `SELECT status, lease_owner, done, jsonb_array_length(refused) AS refused, ${QUIET_OUTBOX_SQL} AS quiet
     FROM import_jobs WHERE id = $1 FOR UPDATE`,
    [jobId],
  );
  return rows[0];
}

/**
 * Counts a written batch into the job (keeping the refusals up to MAX_REFUSALS, `kept` being
 * those it holds already, and the profile as it was before the import first replaced it) and
 * extends the lease.
 */
export async function addBatchProgress(
  db: Queryable,
  jobId: string,
  batch: {
    records: number;
    imported: ImportStatus["imported"];
    skipped: number;
    refused: ImportRefusal[];
    previousProfile: ProfileText | null;
  },
  kept: number,
  leaseMs: number,
) {
  await db.query(
    `UPDATE import_jobs SET done = done + $2,
       imported = jsonb_build_object('ideas', (imported ->> 'ideas')::int + $3, 'notes', (imported ->> 'notes')::int + $4,
         'conversations', (imported ->> 'conversations')::int + $5),
       skipped = skipped + $6, refused = refused || $7::jsonb, refused_count = refused_count + $10,
       previous_profile = coalesce(previous_profile, $8::jsonb),
       lease_until = now() + $9 * interval '1 millisecond'
     WHERE id = $1`,
    [
      jobId,
      batch.records,
      batch.imported.ideas,
      batch.imported.notes,
      batch.imported.conversations,
      batch.skipped,
      JSON.stringify(batch.refused.slice(0, Math.max(0, MAX_REFUSALS - kept))),
      batch.previousProfile && JSON.stringify(batch.previousProfile),
      leaseMs,
      batch.refused.length,
    ],
  );
}

/** A job about to end, its row locked until the transaction that ends it commits. */
export async function lockJobToSettle(db: Queryable, jobId: string) {
  const { rows } = await db.query<
    Pick<ImportJobRow, "id" | "user_id" | "kind" | "status" | "lease_owner"> & {
      previous_profile: ProfileText | null;
    }
  >(
    `SELECT id, user_id, kind, status, lease_owner, previous_profile, ${QUIET_OUTBOX_SQL} AS quiet
     FROM import_jobs WHERE id = $1 FOR UPDATE`,
    [jobId],
  );
  return rows[0];
}

/** The job's end, its lease dropped; only a done job, which may still be cancelled, keeps the profile as it was. */
export async function endImportJob(
  db: Queryable,
  jobId: string,
  status: "done" | "failed" | "cancelled",
  error: string | null,
) {
  await db.query(
    `UPDATE import_jobs SET status = $2, error = $3, lease_owner = NULL, lease_until = NULL,
       previous_profile = CASE WHEN $2 = 'done' THEN previous_profile END
     WHERE id = $1`,
    [jobId, status, error],
  );
}

/** A stopping process gives its lease back, so the next process to look resumes the job at once. */
export async function releaseLease(db: Queryable, jobId: string, owner: string) {
  await db.query(
    "UPDATE import_jobs SET lease_until = now() WHERE id = $1 AND lease_owner = $2 AND status = 'running'",
    [jobId, owner],
  );
}

/** Uploads and previews past their day, with their chunks (ON DELETE CASCADE). */
export async function purgeExpiredImports(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM import_jobs WHERE status IN ('uploading', 'previewed') AND expires_at < now()",
  );
  return rowCount ?? 0;
}

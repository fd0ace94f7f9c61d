import { type ExportCount, exportCooldownMessage } from "@shinian/contract";
import type { AppDeps } from "../../context.ts";
import { checkout, type Db } from "../../db/pool.ts";
import { ApiError } from "../../errors.ts";
import { retryAfterHeader } from "../../lib/retry.ts";
import type { Logger } from "../../logger.ts";
import {
  claimExport,
  type ExportPlan,
  nextExportAllowed,
  planExport,
  releaseExportClaim,
} from "../../stores/export.ts";
import { formatChinaTime } from "./china-time.ts";
import { zipChunks } from "./zip.ts";

/** Exports running at once in this process: each holds a pooled connection while the client reads. */
export const MAX_CONCURRENT_EXPORTS = 2;
/** Caps on the export's transaction: a stalled reader cannot hold its connection for long. */
const EXPORT_IDLE_TIMEOUT = "60s";
const EXPORT_STATEMENT_TIMEOUT = "30s";
/** Visible in pg_stat_activity while an export holds its connection. */
export const EXPORT_APPLICATION_NAME = "shinian-export";

function cooldownError(next: Date | null): ApiError {
  return new ApiError("EXPORT_COOLDOWN", exportCooldownMessage(next ? formatChinaTime(next) : null), {
    data: { canExport: false, nextAllowedDate: next ? next.toISOString() : null },
    headers: next ? retryAfterHeader(next) : {},
  });
}

/**
 * Claims the cooldown (EXPORT_COOLDOWN when it has not passed); answers how to give it back. That is
 * only for exports the server failed before sending a byte: a download the client cancels counts as
 * an export (else cancel-and-retry skips the cooldown).
 */
async function claimCooldown(db: Db, userId: string, cooldownMs: number) {
  const claim = await claimExport(db, userId, cooldownMs);
  if (!claim) throw cooldownError(await nextExportAllowed(db, userId, cooldownMs));
  return () => releaseExportClaim(db, userId, claim).catch(() => undefined);
}

/**
 * A connection held for one export, in one REPEATABLE READ transaction: one snapshot for the counts
 * and every batch, so the header matches the zip exactly. `end` runs once: it calls `ending` at
 * once, commits (ok) or rolls back, returns the connection, then awaits `ended`. The pool stops
 * listening while a client is checked out: the backend ending the connection between two reads
 * (the idle timeout, a restart) ends the export here.
 */
async function openSnapshot(
  db: Db,
  userId: string,
  { ending, ended }: { ending: () => void; ended: (ok: boolean) => Promise<void> },
) {
  let done = false;
  let checkedOut: Awaited<ReturnType<typeof checkout>>;
  try {
    checkedOut = await checkout(db, (err) => void end(false, err));
  } catch (err) {
    ending();
    await ended(false);
    throw err;
  }
  const { client, release } = checkedOut;
  const end = async (ok: boolean, broken?: Error) => {
    if (done) return;
    done = true;
    ending();
    let fault = broken;
    if (!fault) {
      await client.query(ok ? "COMMIT" : "ROLLBACK").catch((err: Error) => {
        fault = err;
      });
    }
    release(fault); // a broken connection is discarded, not pooled
    await ended(ok);
  };
  let plan: ExportPlan;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(
      `SET LOCAL idle_in_transaction_session_timeout = '${EXPORT_IDLE_TIMEOUT}';
         SET LOCAL statement_timeout = '${EXPORT_STATEMENT_TIMEOUT}';
         SET LOCAL application_name = '${EXPORT_APPLICATION_NAME}'`,
    );
    plan = await planExport(client, userId);
  } catch (err) {
    await end(false);
    throw err;
  }
  return { client, plan, end, isDone: () => done };
}

export type StartedExport = { body: ReadableStream<Uint8Array>; exportedAt: Date; count: ExportCount };

/** Where an export reports: its request's logger, and the request id for the process's own log. */
export type ExportLog = { request: Logger; requestId: string };

/**
 * Starts exports for one app: the count of running exports belongs to that app (one per process).
 * An export claims the cooldown, takes one of MAX_CONCURRENT_EXPORTS slots (503 with Retry-After
 * when none is free, its cooldown given back), opens its snapshot and streams the zip from it; the
 * slot and the connection are released when the stream ends, fails or is cancelled.
 */
export function createExporter() {
  let running = 0;
  return async function startExport(deps: AppDeps, userId: string, log: ExportLog): Promise<StartedExport> {
    const { db, config, logger } = deps;
    const releaseClaim = await claimCooldown(db, userId, config.exportCooldownMs);
    if (running >= MAX_CONCURRENT_EXPORTS) {
      await releaseClaim();
      throw new ApiError("SERVICE_UNAVAILABLE", "导出繁忙，请稍后再试", {
        headers: { "Retry-After": "30" },
      });
    }
    running++;
    let sentAny = false;
    const snapshot = await openSnapshot(db, userId, {
      ending: () => running--,
      ended: async (ok) => {
        if (!ok && !sentAny) await releaseClaim();
      },
    });
    const exportedAt = new Date();
    const chunks = zipChunks(snapshot.client, userId, snapshot.plan, exportedAt);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (snapshot.isDone()) throw new Error("export connection closed");
          const { value, done: end } = await chunks.next();
          if (end) {
            await snapshot.end(true);
            log.request.info("export finished", snapshot.plan.count);
            controller.close();
          } else {
            sentAny = true;
            controller.enqueue(value);
          }
        } catch (err) {
          logger.error("export failed", { err, requestId: log.requestId });
          await snapshot.end(false);
          controller.error(err);
        }
      },
      async cancel() {
        log.request.info("export cancelled by the client");
        await chunks.return(undefined).catch(() => undefined);
        await snapshot.end(false);
      },
    });
    return { body, exportedAt, count: snapshot.plan.count };
  };
}

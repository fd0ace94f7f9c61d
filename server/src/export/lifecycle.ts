import { type ExportCount, exportCooldownMessage } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { checkout, type Db } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { beijingTime } from "../shared/beijing-time.ts";
import { retryAfterHeader, retryAfterSeconds } from "../shared/retry.ts";
import {
  claimExport,
  type ExportPlan,
  lockUserExport,
  nextExportAllowed,
  planExport,
  releaseExportClaim,
} from "./export.store.ts";
import { watchedBody } from "./stream.ts";
import { type ExportOptions, zipChunks } from "./zip.ts";

/** Exports running at once in this process: each holds a pooled connection while the client reads. */
export const MAX_CONCURRENT_EXPORTS = 2;
/**
 * Caps on the export's transaction, behind the stall and duration limits the stream enforces
 * itself (exportStallTimeoutMs, exportMaxDurationMs): they end it should this process stop
 * watching (a frozen event loop), and PostgreSQL then frees the connection and the user's lock.
 */
const EXPORT_IDLE_TIMEOUT = "60s";
const EXPORT_STATEMENT_TIMEOUT = "30s";
/** Visible in pg_stat_activity while an export holds its connection. */
export const EXPORT_APPLICATION_NAME = "shinian-export";

function cooldownError(next: Date | null): ApiError {
  return new ApiError("EXPORT_COOLDOWN", exportCooldownMessage(next ? beijingTime(next) : null), {
    data: {
      canExport: false,
      nextAllowedDate: next ? next.toISOString() : null,
      retryAfterSeconds: next ? retryAfterSeconds(next) : null,
    },
    headers: next ? retryAfterHeader(next) : {},
  });
}

/**
 * Claims the cooldown (EXPORT_COOLDOWN when it has not passed); answers how to give it back. That is
 * for exports the server failed before sending a byte, and for readers cut off as stalled: a
 * download the client cancels counts as an export (else cancel-and-retry skips the cooldown).
 */
async function claimCooldown(db: Db, userId: string, cooldownMs: number) {
  const claim = await claimExport(db, userId, cooldownMs);
  if (!claim) throw cooldownError(await nextExportAllowed(db, userId, cooldownMs));
  return () => releaseExportClaim(db, userId, claim).catch(() => undefined);
}

const exportRunning = () =>
  new ApiError("CONFLICT", "你的另一个导出正在进行，请等它完成后再试", { headers: { "Retry-After": "30" } });

/**
 * A connection held for one export, in one REPEATABLE READ transaction: one snapshot for the counts
 * and every batch, so the header matches the zip. It holds the user's export lock (one export per
 * user across processes; 409 for a second), released with the transaction however it ends. `end` runs
 * once: `ending`, commit (ok) or roll back, return the connection, then await `ended`. The pool stops
 * listening while a client is checked out: the backend ending it (idle timeout, restart) ends the export.
 */
export async function openSnapshot(
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
    if (!(await lockUserExport(client, userId))) throw exportRunning();
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

/** The client's connection, as far as an export needs it: to be closed when it is cut off. */
export type ExportClient = { hangUp(): void };

/**
 * Starts exports for one app (the count of running exports is the app's, one per process). An
 * export claims the cooldown, takes one of MAX_CONCURRENT_EXPORTS slots (503 when none is free, its
 * cooldown given back), opens its snapshot and streams the zip; the slot and connection are freed
 * however the stream ends. A client that reads nothing for exportStallTimeoutMs is cut off with its
 * cooldown given back; one past exportMaxDurationMs keeps it (server/docs/internals.md, "Data export").
 */
export function createExporter() {
  let running = 0;
  return async function startExport(
    deps: AppDeps,
    userId: string,
    log: ExportLog,
    client: ExportClient,
    options: ExportOptions = {},
  ): Promise<StartedExport> {
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
    let stalled = false;
    const snapshot = await openSnapshot(db, userId, {
      ending: () => running--,
      ended: async (ok) => {
        if (!ok && (!sentAny || stalled)) await releaseClaim();
      },
    });
    const exportedAt = new Date();
    const body = watchedBody({
      chunks: zipChunks(snapshot.client, userId, snapshot.plan, exportedAt, {
        ...options,
        s3: config.attachments.s3,
      }),
      end: snapshot.end,
      isDone: snapshot.isDone,
      stallMs: config.exportStallTimeoutMs,
      maxDurationMs: config.exportMaxDurationMs,
      onFirstByte: () => {
        sentAny = true;
      },
      onCutOff: (reason) => {
        stalled = reason === "stalled";
        log.request.warn("export cut off", {
          reason,
          afterMs: reason === "stalled" ? config.exportStallTimeoutMs : config.exportMaxDurationMs,
        });
        client.hangUp();
      },
      onFinished: () => log.request.info("export finished", snapshot.plan.count),
      onFailed: (err) => logger.error("export failed", { err, requestId: log.requestId }),
      onCancelled: () => log.request.info("export cancelled by the client"),
    });
    return { body, exportedAt, count: snapshot.plan.count };
  };
}

import { EXPORT_COUNT_HEADER, exportCooldownMessage } from "@shinian/contract";
import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { checkout } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { retryAfterHeader } from "../lib/retry.ts";
import { contentDisposition, exportFileName, formatChinaTime, zipChunks } from "../services/export.ts";
import {
  claimExport,
  type ExportPlan,
  nextExportAllowed,
  planExport,
  releaseExportClaim,
} from "../stores/export.ts";

function cooldownError(next: Date | null): ApiError {
  return new ApiError("EXPORT_COOLDOWN", exportCooldownMessage(next ? formatChinaTime(next) : null), {
    data: { canExport: false, nextAllowedDate: next ? next.toISOString() : null },
    headers: next ? retryAfterHeader(next) : {},
  });
}

/** Exports running at once in this process: each holds a pooled connection while the client reads. */
export const MAX_CONCURRENT_EXPORTS = 2;
/** Caps on the export's transaction: a stalled reader cannot hold its connection for long. */
const EXPORT_IDLE_TIMEOUT = "60s";
const EXPORT_STATEMENT_TIMEOUT = "30s";
/** Visible in pg_stat_activity while an export holds its connection. */
export const EXPORT_APPLICATION_NAME = "shinian-export";

/** Mounted per app: the count of running exports belongs to this process's app. */
export function exportRoutes(app: Hono<AppEnv>) {
  let running = 0;
  mount(app, "exportPermission", async (c) => {
    const { db, config } = c.var.deps;
    const next = await nextExportAllowed(db, c.var.auth.userId, config.exportCooldownMs);
    return {
      message: next ? exportCooldownMessage(formatChinaTime(next)) : "可以导出",
      data: { canExport: next === null, nextAllowedDate: next ? next.toISOString() : null },
    };
  });
  mount(app, "exportData", async (c) => {
    const { db, config, logger } = c.var.deps;
    const { userId } = c.var.auth;
    // Claim the cooldown atomically: of two concurrent exports (any processes) only one passes.
    const claim = await claimExport(db, userId, config.exportCooldownMs);
    if (!claim) throw cooldownError(await nextExportAllowed(db, userId, config.exportCooldownMs));
    // Gives the cooldown back; only for exports the server failed before sending a byte. A
    // download the client cancels counts as an export (else cancel-and-retry skips the cooldown).
    const releaseClaim = async () => {
      await releaseExportClaim(db, userId, claim).catch(() => undefined);
    };
    if (running >= MAX_CONCURRENT_EXPORTS) {
      await releaseClaim();
      throw new ApiError("SERVICE_UNAVAILABLE", "导出繁忙，请稍后再试", {
        headers: { "Retry-After": "30" },
      });
    }
    running++;

    // One snapshot for the counts and every batch: the header matches the zip exactly.
    // The pool stops listening while a client is checked out: the backend ending the
    // connection between two reads (the idle timeout, a restart) ends the export here.
    let checkedOut: Awaited<ReturnType<typeof checkout>>;
    try {
      checkedOut = await checkout(db, (err) => void finish(false, err));
    } catch (err) {
      running--;
      await releaseClaim();
      throw err;
    }
    const { client, release } = checkedOut;
    let done = false;
    let sentAny = false;
    const finish = async (ok: boolean, broken?: Error) => {
      if (done) return;
      done = true;
      running--;
      let fault = broken;
      if (!fault) {
        await client.query(ok ? "COMMIT" : "ROLLBACK").catch((err: Error) => {
          fault = err;
        });
      }
      release(fault); // a broken connection is discarded, not pooled
      if (!ok && !sentAny) await releaseClaim();
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
      await finish(false);
      throw err;
    }
    const exportedAt = new Date();
    const chunks = zipChunks(client, userId, plan, exportedAt);
    const log = c.var.logger;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          if (done) throw new Error("export connection closed");
          const { value, done: end } = await chunks.next();
          if (end) {
            await finish(true);
            log.info("export finished", plan.count);
            controller.close();
          } else {
            sentAny = true;
            controller.enqueue(value);
          }
        } catch (err) {
          logger.error("export failed", { err, requestId: c.var.requestId });
          await finish(false);
          controller.error(err);
        }
      },
      async cancel() {
        log.info("export cancelled by the client");
        await chunks.return(undefined).catch(() => undefined);
        await finish(false);
      },
    });
    return c.body(stream, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(exportFileName(exportedAt)),
      [EXPORT_COUNT_HEADER]: JSON.stringify(plan.count),
      "Access-Control-Expose-Headers": `Content-Disposition, ${EXPORT_COUNT_HEADER}`,
      "Cache-Control": "no-store",
    });
  });
}

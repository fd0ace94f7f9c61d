import { EXPORT_COUNT_HEADER, ExportRequestSchema, exportCooldownMessage } from "@shinian/contract";
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import type { Db } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { jsonBody } from "../lib/validate.ts";
import { requireAuth } from "../middlewares/auth.ts";
import {
  contentDisposition,
  exportFileName,
  formatChinaTime,
  planExport,
  zipChunks,
} from "../services/export.ts";

async function permission(db: Db, userId: string, cooldownMs: number) {
  const { rows } = await db.query<{ next: Date | null }>(
    `SELECT CASE WHEN last_export_at + make_interval(secs => $2 / 1000.0) > now()
                 THEN last_export_at + make_interval(secs => $2 / 1000.0) END AS next
     FROM users WHERE id = $1`,
    [userId, cooldownMs],
  );
  const next = rows[0]?.next ?? null;
  return { canExport: next === null, nextAllowedDate: next ? next.toISOString() : null, next };
}

function cooldownError(next: Date | null): ApiError {
  return new ApiError("EXPORT_COOLDOWN", exportCooldownMessage(next ? formatChinaTime(next) : null), {
    data: { canExport: false, nextAllowedDate: next ? next.toISOString() : null },
    headers: next
      ? { "Retry-After": String(Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000))) }
      : {},
  });
}

export const exportRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/permission", async (c) => {
    const { db, config } = c.var.deps;
    const p = await permission(db, c.var.auth.userId, config.exportCooldownMs);
    return c.json({
      success: true as const,
      message: p.canExport ? "可以导出" : exportCooldownMessage(p.next ? formatChinaTime(p.next) : null),
      data: { canExport: p.canExport, nextAllowedDate: p.nextAllowedDate },
    });
  })
  .post("/", async (c) => {
    await jsonBody(c, ExportRequestSchema);
    const { db, config, logger } = c.var.deps;
    const { userId } = c.var.auth;
    // Claim the cooldown atomically: of two concurrent exports (any processes) only one passes.
    const claim = await db.query<{ previous: Date | null; claimed: Date }>(
      `WITH prev AS (SELECT last_export_at FROM users WHERE id = $1 FOR UPDATE)
       UPDATE users u SET last_export_at = date_trunc('milliseconds', clock_timestamp()) FROM prev
       WHERE u.id = $1 AND (prev.last_export_at IS NULL
         OR prev.last_export_at + make_interval(secs => $2 / 1000.0) <= now())
       RETURNING prev.last_export_at AS previous, u.last_export_at AS claimed`,
      [userId, config.exportCooldownMs],
    );
    if (!claim.rows[0]) throw cooldownError((await permission(db, userId, config.exportCooldownMs)).next);
    const { previous, claimed } = claim.rows[0];
    const release = async () => {
      // A failed or cancelled export does not use up the cooldown.
      await db
        .query("UPDATE users SET last_export_at = $2 WHERE id = $1 AND last_export_at = $3", [
          userId,
          previous,
          claimed,
        ])
        .catch(() => undefined);
    };

    // One snapshot for the counts and every batch: the header matches the zip exactly.
    const client = await db.connect();
    let done = false;
    const finish = async (ok: boolean) => {
      if (done) return;
      done = true;
      await client.query(ok ? "COMMIT" : "ROLLBACK").catch(() => undefined);
      client.release();
      if (!ok) await release();
    };
    let plan: Awaited<ReturnType<typeof planExport>>;
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
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
          const { value, done: end } = await chunks.next();
          if (end) {
            await finish(true);
            log.info("export finished", plan.count);
            controller.close();
          } else controller.enqueue(value);
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

import type { IncomingMessage } from "node:http";
import { EXPORT_COUNT_HEADER, EXPORT_FILE_PREFIX, exportCooldownMessage } from "@shinian/contract";
import type { Mount } from "../http/mount.ts";
import { beijingTime } from "../shared/beijing-time.ts";
import { retryAfterSeconds } from "../shared/retry.ts";
import { nextExportAllowed } from "./export.store.ts";
import { exportFileName } from "./file-name.ts";
import { createExporter } from "./lifecycle.ts";

/** attachment with an ASCII fallback and the UTF-8 name per RFC 5987/6266. */
function contentDisposition(name: string): string {
  const ascii = name.replace(EXPORT_FILE_PREFIX, "shinian-export").replace(/[^\x20-\x7e]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Mounted per app: the count of running exports belongs to this process's app. */
export function exportRoutes(mount: Mount) {
  const startExport = createExporter();
  mount("exportPermission", async ({ deps, userId }) => {
    const { db, config } = deps;
    const next = await nextExportAllowed(db, userId, config.exportCooldownMs);
    return {
      message: next ? exportCooldownMessage(beijingTime(next)) : "可以导出",
      data: {
        canExport: next === null,
        nextAllowedDate: next ? next.toISOString() : null,
        retryAfterSeconds: next ? retryAfterSeconds(next) : null,
      },
    };
  });
  mount("exportData", async ({ c, deps, userId, body: options }) => {
    const log = { request: c.var.logger, requestId: c.var.requestId };
    // Cut off (a stalled reader, too long): the connection is closed, not left to finish a body
    // that will never be complete.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const hangUp = () => incoming?.socket.destroy();
    const { body, exportedAt, count } = await startExport(deps, userId, log, { hangUp }, options);
    return c.body(body, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(exportFileName(exportedAt)),
      [EXPORT_COUNT_HEADER]: JSON.stringify(count),
      "Access-Control-Expose-Headers": `Content-Disposition, ${EXPORT_COUNT_HEADER}`,
      "Cache-Control": "no-store",
    });
  });
}

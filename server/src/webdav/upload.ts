import { Readable } from "node:stream";
import { EXPORT_FILE_PREFIX } from "@shinian/contract";
import type { FileStat, WebDAVClient } from "webdav";
import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { exportFileName } from "../export/file-name.ts";
import { openSnapshot } from "../export/lifecycle.ts";
import { zipChunks } from "../export/zip.ts";
import { type WebdavTarget, webdavClient } from "./connection.ts";

/** At most this much of the zip waits to be sent: the rest is not made until the server takes it. */
const BUFFERED_BYTES = 64 * 1024;
const UPLOADING = ".uploading";
const OURS = new RegExp(`^${EXPORT_FILE_PREFIX}_\\d{8}_\\d{6}\\.zip(${UPLOADING.replace(".", "\\.")})?$`);

/** The export itself failed (the database), not the WebDAV server. */
export class ExportForUploadError extends Error {
  constructor(cause: unknown) {
    super("the export for a WebDAV upload failed", { cause });
    this.name = "ExportForUploadError";
  }
}

/** The WebDAV server took nothing, nor answered, for the stall time (webdav.stallMs). */
export class UploadStalledError extends Error {
  constructor() {
    super("the WebDAV server stopped taking the upload");
    this.name = "UploadStalledError";
  }
}

/**
 * Aborts once `progress` has not been called for `ms`: a server that reads slowly or not at all
 * would otherwise hold one of the process's few upload slots for the whole time budget.
 */
function stallWatch(ms: number) {
  const controller = new AbortController();
  let lastProgress = Date.now();
  const timer = setInterval(
    () => {
      if (Date.now() - lastProgress >= ms) controller.abort(new UploadStalledError());
    },
    Math.max(10, Math.min(1000, ms / 4)),
  );
  timer.unref();
  return {
    signal: controller.signal,
    progress: () => {
      lastProgress = Date.now();
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * The user's export zip, the same as a download, streamed into the folder: made batch by batch
 * from one snapshot as the server takes it (never whole in memory), first under a temporary name
 * and renamed when complete, so a cut-off upload never looks like a backup. Then only the newest
 * `keep` of 拾念导出 zips in the folder stay; no other file is touched.
 */
export async function uploadExport(
  deps: AppDeps,
  userId: string,
  target: WebdavTarget,
  keep: number,
): Promise<{ fileName: string; bytes: number }> {
  const client = await webdavClient(target, deps.config.webdav);
  const exportedAt = deps.clock();
  const fileName = exportFileName(exportedAt);
  const partial = `/${fileName}${UPLOADING}`;
  // the user's export lock: a download running now makes this throw CONFLICT (409)
  const snapshot = await openSnapshot(deps.db, userId, { ending() {}, async ended() {} }).catch((err) => {
    throw err instanceof ApiError ? err : new ExportForUploadError(err);
  });
  let bytes = 0;
  let complete = false;
  let exportError: unknown;
  async function* counted() {
    try {
      for await (const chunk of zipChunks(snapshot.client, userId, snapshot.plan, exportedAt, {
        s3: deps.config.attachments.s3,
      })) {
        bytes += chunk.byteLength;
        stall.progress();
        yield chunk;
      }
      complete = true;
    } catch (err) {
      exportError = err;
      throw err;
    }
  }
  const body = Readable.from(counted(), { objectMode: false, highWaterMark: BUFFERED_BYTES });
  const { stallMs } = deps.config.webdav;
  const stall = stallWatch(stallMs);
  // the whole upload, renaming and tidying included, is bounded like a download, and each step by stalls
  const signal = AbortSignal.any([
    deps.work.signal,
    AbortSignal.timeout(deps.config.exportMaxDurationMs),
    stall.signal,
  ]);
  const stalled = (err: unknown) => (stall.signal.aborted ? stall.signal.reason : err);
  try {
    try {
      await client.putFileContents(partial, body, { overwrite: true, signal });
      // a server that answered before taking the whole body has not got a backup
      if (!complete) throw new Error("the WebDAV server answered before the upload was complete");
      await snapshot.end(true);
    } catch (err) {
      body.destroy();
      await snapshot.end(false);
      const cleanUp = AbortSignal.any([deps.work.signal, AbortSignal.timeout(stallMs)]);
      await client.deleteFile(partial, { signal: cleanUp }).catch(() => undefined);
      throw exportError ? new ExportForUploadError(exportError) : stalled(err);
    }
    stall.progress();
    await client.moveFile(partial, `/${fileName}`, { overwrite: true, signal }).catch((err) => {
      throw stalled(err);
    });
    stall.progress();
    await keepNewest(client, keep, signal).catch((err) =>
      deps.logger.warn("webdav: removing old backups failed", { err, userId }),
    );
  } finally {
    stall.stop();
  }
  return { fileName, bytes };
}

/** Deletes all but the newest `keep` 拾念导出 zips (their names sort by time), and leftover partial ones. */
async function keepNewest(client: WebDAVClient, keep: number, signal: AbortSignal) {
  const ours = ((await client.getDirectoryContents("/", { signal })) as FileStat[])
    .filter((f) => f.type === "file" && OURS.test(f.basename))
    .map((f) => f.basename);
  const complete = ours
    .filter((name) => !name.endsWith(UPLOADING))
    .sort()
    .reverse();
  const doomed = [...complete.slice(keep), ...ours.filter((name) => name.endsWith(UPLOADING))];
  for (const name of doomed) await client.deleteFile(`/${name}`, { signal });
}

import type { IncomingMessage } from "node:http";
import type { AppDeps } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { formatStorage } from "../points/quotas.ts";
import { findUsage } from "../points/usage.store.ts";
import { limitWrites } from "../points/write-limits.ts";
import { receiveAndPreviewInThread, startJob, stopRunningHere } from "./import-thread.ts";
import {
  createUploadJob,
  deleteImportJob,
  findImportJob,
  markPreviewed,
  toImportStatus,
} from "./jobs.store.ts";
import { cancelImport } from "./jobs.ts";
import { isTooLarge } from "./upload.ts";

/** The multipart envelope around the file(s): boundaries and part headers. */
const ENVELOPE_BYTES = 1024 * 1024;
/**
 * Uploads received and previewed at once in this process: a preview reads the whole file in a
 * worker thread of its own (a memos database is held in memory, twice its size at the peak).
 */
const MAX_CONCURRENT_UPLOADS = 2;

const busy = () => new ApiError("CONFLICT", "已有一个导入正在进行，请等它完成后再试");
const pastQuota = (room: number) =>
  new ApiError(
    "PAYLOAD_TOO_LARGE",
    `导入的文件超过了剩余的存储空间（${formatStorage(Math.max(room, 0))}）：文件在导入完成前也占用存储空间，请先彻底删除一些内容再导入`,
  );

/**
 * The most this account's upload may be: import.maxBytes, or less, the room left in its quota.
 * A stored upload counts toward QUOTA_BYTES while it arrives, waits and runs (findUsage), so that
 * a full account cannot park import.maxBytes on the server again and again, nor fill the room
 * with pictures meanwhile, nor hold it twice with a preview and a new upload.
 */
async function uploadRoom(deps: AppDeps, userId: string): Promise<number> {
  const { maxBytes } = deps.config.import;
  if (deps.config.quota.bytes === null) return maxBytes;
  return Math.min(maxBytes, deps.config.quota.bytes - (await findUsage(deps.db, userId)).bytes);
}

/**
 * Refuses an upload now stored that no longer fits: what the account added while it arrived
 * (pictures) counted against the room it was given, and this upload's chunks count in findUsage.
 */
async function assertStillFits(deps: AppDeps, userId: string, uploaded: number) {
  const { bytes: quota } = deps.config.quota;
  if (quota === null) return;
  const used = (await findUsage(deps.db, userId)).bytes;
  if (used > quota) throw pastQuota(quota - (used - uploaded));
}
const gone = () => notFound("导入任务不存在");

export function importRoutes(mount: Mount) {
  let receiving = 0;
  mount(
    "createImport",
    async ({ c, deps, userId }) => {
      if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
        throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传，字段名为 file");
      }
      if (receiving >= MAX_CONCURRENT_UPLOADS) {
        throw new ApiError("SERVICE_UNAVAILABLE", "导入繁忙，请稍后再试", {
          headers: { "Retry-After": "30" },
        });
      }
      receiving++;
      try {
        await limitWrites(deps, userId, "uploads");
        const room = await uploadRoom(deps, userId);
        if (room <= 0) throw pastQuota(room);
        const limited = room < deps.config.import.maxBytes;
        const capped = limited
          ? { ...deps, config: { ...deps.config, import: { ...deps.config.import, maxBytes: room } } }
          : deps;
        const job = await createUploadJob(deps.db, userId);
        if ("busy" in job) {
          if (job.busy === "running") throw busy();
          throw new ApiError("CONFLICT", "已有一个文件正在上传，请等它完成后再试");
        }
        const jobId = job.id;
        try {
          const { parts, kind, preview, total } = await receiveAndPreviewInThread(
            capped,
            userId,
            jobId,
            c.req.raw,
            (c.env as { incoming?: IncomingMessage } | undefined)?.incoming,
          );
          await assertStillFits(
            deps,
            userId,
            parts.reduce((n, p) => n + p.size, 0),
          );
          await markPreviewed(deps.db, userId, jobId, { kind, parts, preview, total });
          return { data: { jobId, kind, preview } };
        } catch (err) {
          await deleteImportJob(deps.db, jobId).catch(() => undefined);
          if (limited && isTooLarge(err)) throw pastQuota(room);
          throw err;
        }
      } finally {
        receiving--;
      }
    },
    { bodyLimit: (config) => config.import.maxBytes + ENVELOPE_BYTES },
  );
  mount("getImport", async ({ deps, userId, params: { id } }) => {
    const job = await findImportJob(deps.db, userId, id);
    if (!job) throw gone();
    return { data: toImportStatus(job) };
  });
  mount("startImport", async ({ deps, userId, params: { id }, body }) => {
    const job = await findImportJob(deps.db, userId, id);
    if (!job) throw gone();
    if (job.status !== "previewed") throw new ApiError("CONFLICT", "这个导入已经开始或已结束");
    const takeProfile = body?.takeProfile === true && job.kind === "shinian";
    const started = await startJob(deps, userId, id, takeProfile).catch((err: { code?: string }) => {
      if (err.code === "23505") throw busy();
      throw err;
    });
    if (!started) throw new ApiError("CONFLICT", "这个导入已经开始或已结束");
    return { message: "已开始导入", data: toImportStatus(started) };
  });
  mount("cancelImport", async ({ deps, userId, params: { id } }) => {
    const job = await cancelImport(deps.db, userId, id, () => stopRunningHere(id));
    return { message: "已取消导入，导入的内容已撤回", data: toImportStatus(job) };
  });
}

import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import type { BackgroundWork } from "../shared/background-work.ts";
import { describeWebdavError, needsNewSettings } from "./connection.ts";
import { openPassword } from "./saved-password.ts";
import { nextRuns, retryAt } from "./schedule.ts";
import { ExportForUploadError, uploadExport } from "./upload.ts";
import {
  type ClaimedWebdav,
  claimDueWebdav,
  postponeWebdav,
  recordWebdavFailure,
  recordWebdavSuccess,
} from "./webdav.store.ts";

const MINUTE = 60_000;
/** The user's export slot was taken (a download): try again this much later, not counted as a failure. */
const SLOT_BUSY_RETRY_MS = 5 * MINUTE;

/** How long a claim holds: past the longest an upload may run, then the row is due again. */
export const webdavLeaseMs = (deps: AppDeps) => deps.config.exportMaxDurationMs + 5 * MINUTE;

export const UNREADABLE_PASSWORD = "保存的应用密码无法解密（服务器密钥已更换），请重新填写应用密码";

async function runClaimed(deps: AppDeps, claim: ClaimedWebdav, key: Buffer) {
  const { db, logger } = deps;
  const userId = claim.user_id;
  // retrying a refused password would only repeat failed logins at the user's provider
  const failed = async (message: string, err: unknown, retry: boolean) => {
    const at = deps.clock();
    const next = retry ? retryAt(at, claim.failures + 1) : null;
    await recordWebdavFailure(db, claim, { at, message, retryAt: next });
    logger.warn("webdav backup failed", { userId, message, err });
  };
  const password = await openPassword(deps, key, claim);
  if (password === null) return failed(UNREADABLE_PASSWORD, undefined, false);
  try {
    const target = { url: claim.url, username: claim.username, password };
    const done = await uploadExport(deps, userId, target, claim.keep);
    const at = deps.clock();
    await recordWebdavSuccess(db, claim, nextRuns(at, userId), { at, ...done });
    logger.info("webdav backup uploaded", { userId, bytes: done.bytes });
  } catch (err) {
    if (err instanceof ApiError && err.code === "CONFLICT") {
      return postponeWebdav(db, claim, new Date(deps.clock().getTime() + SLOT_BUSY_RETRY_MS));
    }
    // shutting down: handed back at once, for another process or the next start
    if (deps.work.signal.aborted) return postponeWebdav(db, claim, deps.clock());
    await failed(
      err instanceof ExportForUploadError ? "导出数据时出错" : describeWebdavError(err),
      err,
      !needsNewSettings(err),
    );
  }
}

/**
 * Every upload due by the clock, whichever process's user: claimed one at a time (SKIP LOCKED:
 * each by one process), uploaded, and its outcome recorded. A few at once per process
 * (webdav.parallelUploads): each holds a pooled connection and a snapshot while it streams, and
 * each is cut off on its own by its time budget and its stall time, so a slow server delays only
 * its own user.
 */
export async function runDueWebdav(deps: AppDeps): Promise<number> {
  const key = deps.config.webdav.key;
  if (!key) return 0;
  let ran = 0;
  const lane = async () => {
    while (!deps.work.signal.aborted) {
      const claim = await claimDueWebdav(deps.db, deps.clock(), webdavLeaseMs(deps));
      if (!claim) return;
      await runClaimed(deps, claim, key);
      ran++;
    }
  };
  // every lane ends before this does, even when one fails: the caller's one-loop-per-process
  // guard is lifted only then, or the next sweep would start lanes beside those still uploading
  const lanes = await Promise.allSettled(Array.from({ length: deps.config.webdav.parallelUploads }, lane));
  const failed = lanes.find((l) => l.status === "rejected");
  if (failed) throw failed.reason;
  return ran;
}

const loops = new WeakMap<BackgroundWork, { again: boolean }>();

/**
 * Runs what is due in the background (the periodic sweep, 立即备份), one loop per process: asked
 * while it runs, it looks once more before it stops.
 */
export function runDueWebdavSoon(deps: AppDeps): void {
  const running = loops.get(deps.work);
  if (running) {
    running.again = true;
    return;
  }
  const loop = { again: true };
  loops.set(deps.work, loop);
  const work = async () => {
    try {
      while (loop.again && !deps.work.signal.aborted) {
        loop.again = false;
        await runDueWebdav(deps);
      }
    } finally {
      loops.delete(deps.work);
    }
  };
  deps.work.track(work()).catch((err) => deps.logger.warn("webdav backup sweep failed", { err }));
}

import type { Usage } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import type { Quota } from "../env.ts";
import { ApiError } from "../errors.ts";
import { findUsage, QUOTA_SQLSTATE } from "./usage.store.ts";

/**
 * Per-user quotas (QUOTA_ITEMS, QUOTA_BYTES): what counts is in migration 013. A person's own
 * writes that would grow their usage past a limit answer 403 QUOTA_EXCEEDED and change nothing;
 * deleting for good frees room. Restoring from 回收站 is never refused: a trashed item still
 * counts, so putting it back adds nothing. AI versions and AI replies count but are never
 * refused midway (what was asked for and paid is kept).
 */

const KB = 1024;
const MB = 1024 ** 2;
const GB = 1024 ** 3;

/** 1073741824 → "1 GB", 3000 → "2.9 KB": as @shinian/ui's formatStorage shows the limit on 个人资料. */
export function formatStorage(bytes: number): string {
  const [unit, size] = bytes >= GB ? ["GB", GB] : bytes >= MB ? ["MB", MB] : ["KB", KB];
  const value = Math.max(bytes / size, 1);
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${unit}`;
}

export function quotaRefusal(quota: Quota, which: "items" | "bytes"): ApiError {
  return new ApiError(
    "QUOTA_EXCEEDED",
    which === "items"
      ? `已存满 ${quota.items} 条想法和笔记（回收站里的也算在内），请先彻底删除一些再保存`
      : `存储空间已用完（上限 ${formatStorage(quota.bytes ?? 0)}，回收站里的也算在内），请先彻底删除一些内容再保存`,
  );
}

/** The usage triggers' refusal (a pg error with SQLSTATE SN403) as the API's 403; null for any other error. */
export function asQuotaRefusal(err: unknown, quota: Quota): ApiError | null {
  const pgErr = err as { code?: unknown; detail?: unknown };
  if (pgErr?.code !== QUOTA_SQLSTATE) return null;
  return quotaRefusal(quota, pgErr.detail === "items" ? "items" : "bytes");
}

/**
 * Refuses at once when `need` does not fit, before work that costs (an AI call). One row read;
 * the write itself is still held to the quota where it can be (two calls checked
 * together may both pass here).
 */
export async function assertRoom(
  { db, config: { quota } }: AppDeps,
  userId: string,
  need: { items: number; bytes: number },
): Promise<void> {
  if (quota.items === null && quota.bytes === null) return;
  const used = await findUsage(db, userId);
  if (need.items > 0 && quota.items !== null && used.items + need.items > quota.items) {
    throw quotaRefusal(quota, "items");
  }
  if (need.bytes > 0 && quota.bytes !== null && used.bytes + need.bytes > quota.bytes) {
    throw quotaRefusal(quota, "bytes");
  }
}

export async function usageOf({ db, config: { quota } }: AppDeps, userId: string): Promise<Usage> {
  const used = await findUsage(db, userId);
  return { items: used.items, maxItems: quota.items, bytes: used.bytes, maxBytes: quota.bytes };
}

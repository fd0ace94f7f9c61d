import type { AppDeps } from "../context.ts";
import { ApiError } from "../errors.ts";
import { takeToken } from "./write-buckets.store.ts";

export type WriteKind = "captures" | "notes" | "chat" | "uploads" | "webdavTests";

const WHAT: Record<WriteKind, string> = {
  captures: "记录想法",
  notes: "保存笔记",
  chat: "发送消息",
  uploads: "上传",
  // each test connects where the person says: unbounded, it would probe hosts and ports
  webdavTests: "测试连接",
};

/**
 * One account may write in bursts but not without end (RATE_CAPTURES, RATE_NOTES, RATE_CHAT,
 * RATE_UPLOADS, and limits.ts's webdavTestsPerUser): past its bucket a write answers 429 with
 * Retry-After and a Chinese message.
 */
export async function limitWrites(
  { db, config }: AppDeps,
  userId: string,
  kind: WriteKind,
  what = WHAT[kind],
): Promise<void> {
  const limit = config.writeLimits[kind];
  if (!limit) return;
  const waitS = await takeToken(db, userId, kind, limit);
  if (waitS === null) return;
  throw new ApiError("RATE_LIMITED", `${what}太频繁了，请 ${waitS} 秒后再试`, {
    headers: { "Retry-After": String(waitS) },
  });
}

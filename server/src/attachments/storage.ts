import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../context.ts";
import type { Db } from "../db/pool.ts";
import type { S3Settings } from "../env.ts";
import { ApiError, notFound } from "../errors.ts";
import {
  type FileMeta,
  insertAttachment,
  insertObjectAttachment,
  type NewAttachment,
  readFileRange,
} from "./attachments.store.ts";
import {
  dueObjectKeys,
  forgetObjectKeys,
  holdObjectKeys,
  releaseObjectKeys,
} from "./object-deletions.store.ts";
import { objectKey, objectStore } from "./object-store.ts";

/**
 * Where an attachment's bytes live: PostgreSQL by default, or the S3-compatible bucket of S3_*.
 * Every other part of the server sees the same rows either way; only saving, reading and deleting
 * the bytes differ, here.
 */

/** How long an upload's keys are held before objects without a row count as left behind. */
const UPLOAD_HOLD_MS = 3_600_000;
/** Keys deleted per request to the bucket (DeleteObjects takes up to 1000), and rounds per drain. */
const DELETE_BATCH = 500;
const DRAIN_ROUNDS = 20;

export const storeUnavailable = () =>
  new ApiError("SERVICE_UNAVAILABLE", "文件存储暂时无法访问，请稍后再试", {
    headers: { "Retry-After": "30" },
  });

/** Stores an uploaded file, unattached, held to the quota. */
export async function saveAttachment(deps: AppDeps, userId: string, file: NewAttachment) {
  const s3 = deps.config.attachments.s3;
  if (!s3) return insertAttachment(deps.db, deps.config.quota, userId, file);
  const keys = [objectKey(userId, file.id, "file"), objectKey(userId, file.id, "thumb")];
  await holdObjectKeys(deps.db, keys, UPLOAD_HOLD_MS);
  try {
    const store = await objectStore(s3);
    await Promise.all([
      store.put(keys[0]!, file.data, file.contentType),
      file.thumb ? store.put(keys[1]!, file.thumb, "image/webp") : undefined,
    ]).catch((error: unknown) => {
      deps.logger.warn("bucket refused an upload", { err: error });
      throw storeUnavailable();
    });
    const sizes = { bytes: file.data.length, thumbBytes: file.thumb ? file.thumb.length : null };
    await insertObjectAttachment(deps.db, deps.config.quota, userId, { ...file, ...sizes }, keys);
  } catch (error) {
    // refused (the quota) or failed: what was put goes now rather than in an hour
    await releaseObjectKeys(deps.db, keys).catch(() => undefined);
    drainObjectDeletionsSoon(deps);
    throw error;
  }
}

/** Inclusive byte offsets of a Range request (range.ts). */
export type ByteSpan = { start: number; end: number };

/**
 * A file's bytes to answer with (only `span` of them when given): read from its row as a range, or
 * streamed from the bucket as one.
 */
export async function fileBody(
  deps: AppDeps,
  file: FileMeta,
  id: string,
  variant: "file" | "thumb",
  span?: ByteSpan,
): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> {
  if (file.in_db) {
    const { start, end } = span ?? { start: 0, end: file.size - 1 };
    const bytes = await readFileRange(deps.db, id, variant === "thumb", start, end - start + 1);
    if (!bytes) throw notFound("文件不存在"); // deleted since its size was read
    return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length);
  }
  const s3 = deps.config.attachments.s3;
  if (!s3) {
    deps.logger.error("a file is in an S3 bucket but S3_* is not set", { id });
    throw storeUnavailable();
  }
  let stream: ReadableStream<Uint8Array> | null;
  try {
    stream = await (await objectStore(s3)).stream(objectKey(file.user_id, id, variant), span);
  } catch (error) {
    deps.logger.warn("bucket refused a download", { err: error });
    throw storeUnavailable();
  }
  if (!stream) throw notFound("文件不存在");
  return stream;
}

/** A file's bytes whole (the export, a transcription): from its row, or read from the bucket (each ≤ attachments.maxBytes). */
export async function wholeFileBytes(
  s3: S3Settings | null,
  file: { id: string; data?: Buffer | null | undefined },
  userId: string,
  variant: "file" | "thumb" = "file",
): Promise<Buffer | null> {
  if (file.data) return file.data;
  if (!s3) return null;
  return (await objectStore(s3)).read(objectKey(userId, file.id, variant));
}

/**
 * Deletes the objects whose rows are gone (migration 028's outbox), then forgets them; a failure
 * leaves them for the next drain. How many.
 */
export async function drainObjectDeletions(db: Db, s3: S3Settings): Promise<number> {
  const store = await objectStore(s3);
  let deleted = 0;
  for (let round = 0; round < DRAIN_ROUNDS; round++) {
    const keys = await dueObjectKeys(db, DELETE_BATCH);
    if (keys.length === 0) break;
    await store.delete(keys);
    await forgetObjectKeys(db, keys);
    deleted += keys.length;
    if (keys.length < DELETE_BATCH) break;
  }
  return deleted;
}

type Drainer = { running: boolean; again: boolean };
const drainers = new WeakMap<Db, Drainer>();

/** Drains in the background, one drain at a time per process; asked again meanwhile, once more after. */
export function drainObjectDeletionsSoon(deps: Pick<AppDeps, "config" | "db" | "logger" | "work">) {
  const s3 = deps.config.attachments.s3;
  if (!s3) return;
  const state = drainers.get(deps.db) ?? { running: false, again: false };
  drainers.set(deps.db, state);
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  const run = async () => {
    do {
      state.again = false;
      await drainObjectDeletions(deps.db, s3).catch((err) =>
        deps.logger.warn("deleting objects from the bucket failed", { err }),
      );
    } while (state.again);
    state.running = false;
  };
  void deps.work.track(run());
}

/**
 * After a write that succeeded: it may have deleted files (an item deleted for good, its files
 * replaced, the account deleted, whose rows go by ON DELETE CASCADE), so their objects go now
 * rather than at the next sweep. One indexed query when nothing is due.
 */
export const drainAfterWrites: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.res.status < 400) {
    drainObjectDeletionsSoon(c.var.deps);
  }
};

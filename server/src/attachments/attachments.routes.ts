import { MAX_RECORDING_DURATION_MS } from "@shinian/contract";
import { ApiError, notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { perUserSlots } from "../shared/per-user-slots.ts";
import { sharedSlots } from "../shared/shared-slots.ts";
import { findAttachmentMeta, findFileMeta } from "./attachments.store.ts";
import { sniffAudioFormat } from "./audio.ts";
import { storeUpload } from "./intake.ts";
import { byteRange } from "./range.ts";
import { validSignature, withUrls } from "./signed-urls.ts";
import { fileBody } from "./storage.ts";
import { transcribeAttachment } from "./transcribe.ts";
import { receiveFile } from "./upload.ts";

/** The multipart envelope around the file: boundary and part headers. */
const ENVELOPE_BYTES = 64 * 1024;
/**
 * Images being received at once in this process: each is held whole (up to attachments.maxBytes)
 * until it is decoded, so this bounds that memory (16 × 10 MB); a further one gets 503 at once.
 */
const MAX_RECEIVING = 16;
/**
 * Of those, one account's at once: a quarter, so that one account's slow uploads never take them
 * all; more of its uploads wait their turn unread (the composer sends its 9 pictures at once).
 */
const MAX_RECEIVING_PER_ACCOUNT = 4;
const MAX_WAITING_PER_ACCOUNT = 8;
/**
 * Files read from PostgreSQL at once in this process (each up to attachments.maxBytes, twice that
 * as the hex text it arrives in); of those, one owner's files at most half, and how many more of
 * theirs wait their turn (a note with many pictures opened at once); past that, 503.
 */
const MAX_FILE_READS = 4;
const MAX_FILE_READS_PER_OWNER = 2;
const MAX_FILE_READS_WAITING_PER_OWNER = 64;

/** A recording's `durationMs` field: whole milliseconds up to MAX_RECORDING_DURATION_MS, else 400. */
function recordedLength(field: string | undefined): number | null {
  if (field === undefined || field === "") return null;
  const ms = Number(field);
  if (!/^\d{1,9}$/.test(field) || ms < 1 || ms > MAX_RECORDING_DURATION_MS) {
    throw new ApiError("VALIDATION_ERROR", "录音时长不正确", {
      issues: [{ path: "durationMs", message: "应为录音的毫秒数" }],
    });
  }
  return ms;
}

const receivingBusy = () =>
  new ApiError("SERVICE_UNAVAILABLE", "图片上传繁忙，请稍后再试", { headers: { "Retry-After": "5" } });
const ownUploadsBusy = () =>
  new ApiError("RATE_LIMITED", "同时上传的图片或录音太多了，请等前面的传完再试", {
    headers: { "Retry-After": "5" },
  });
const readsBusy = () =>
  new ApiError("SERVICE_UNAVAILABLE", "文件读取繁忙，请稍后再试", { headers: { "Retry-After": "2" } });

/** Cache-Control of a file answer: kept no longer than its signed URL works (`exp`, in seconds). */
export const fileCacheControl = (exp: number, urlTtlMs: number) =>
  `private, max-age=${Math.max(0, Math.min(exp - Math.floor(Date.now() / 1000), Math.floor(urlTtlMs / 1000)))}`;

export function attachmentRoutes(mount: Mount) {
  let receiving = 0;
  const ownUpload = perUserSlots(MAX_RECEIVING_PER_ACCOUNT, MAX_WAITING_PER_ACCOUNT);
  const fileRead = sharedSlots(MAX_FILE_READS, MAX_FILE_READS_PER_OWNER, MAX_FILE_READS_WAITING_PER_OWNER);
  mount(
    "createAttachment",
    async ({ c, deps, userId }) => {
      if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) {
        throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传，字段名为 file");
      }
      await limitWrites(deps, userId, "uploads");
      const receive = async () => {
        const { name, bytes, fields } = await receiveFile(c.req.raw, deps.config.attachments.maxBytes);
        const durationMs = sniffAudioFormat(bytes) ? recordedLength(fields.durationMs) : null;
        return storeUpload(deps, userId, { name, bytes, durationMs });
      };
      const { id, kind } = await ownUpload(
        userId,
        async () => {
          if (receiving >= MAX_RECEIVING) throw receivingBusy();
          receiving++;
          return receive().finally(() => receiving--);
        },
        ownUploadsBusy,
      );
      const meta = await findAttachmentMeta(deps.db, userId, id);
      if (!meta) throw notFound(); // swept at once: cannot happen within the grace period
      const [attachment] = await withUrls(deps, [meta]);
      return { message: kind === "audio" ? "录音已上传" : "图片已上传", data: attachment! };
    },
    { bodyLimit: (config) => config.attachments.maxBytes + ENVELOPE_BYTES },
  );
  mount("transcribeAttachment", async ({ deps, userId, params: { id }, body }) => {
    // an AI call, counted with the chat's (RATE_CHAT)
    await limitWrites(deps, userId, "chat", "语音转文字");
    return { data: await transcribeAttachment(deps, userId, id, body) };
  });
  for (const name of ["getFile", "getFileThumb"] as const) {
    const variant = name === "getFile" ? "file" : "thumb";
    mount(name, async ({ c, deps, params: { id }, query: { exp, sig } }) => {
      const { db } = deps;
      const file = await findFileMeta(db, id, variant === "thumb");
      if (!file) throw notFound("文件不存在");
      const check = await validSignature(db, { variant, id, ownerId: file.user_id }, exp, sig);
      if (check !== "ok") {
        throw new ApiError("FORBIDDEN", check === "expired" ? "链接已过期，请刷新页面" : "链接无效");
      }
      // Served inertly: the stored type, nosniff, inline, and a sandboxing CSP (app.ts)
      const headers = {
        "Content-Type": file.content_type,
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
        // no `immutable`: a reload asks again, and nothing is kept past the URL's own life
        "Cache-Control": fileCacheControl(exp, deps.config.attachments.urlTtlMs),
        "Accept-Ranges": "bytes",
      };
      // Safari plays a recording only from a server that answers byte ranges
      const range = byteRange(c.req.header("range"), file.size);
      if (range === "unsatisfiable") {
        return c.body(null, 416, { ...headers, "Content-Range": `bytes */${file.size}` });
      }
      // a process reads a few files at once, each owner's in turn with everyone's (docs/security.md);
      // one whose client has gone while it waited is never read
      const body = await fileRead(
        file.user_id,
        () => fileBody(deps, file, id, variant, range ?? undefined),
        readsBusy,
        c.req.raw.signal,
      );
      if (range) {
        return c.body(body, 206, {
          ...headers,
          "Content-Range": `bytes ${range.start}-${range.end}/${file.size}`,
        });
      }
      return c.body(body, 200, headers);
    });
  }
}

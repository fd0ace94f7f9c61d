import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Db } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { CHUNK_BYTES, saveChunk } from "./chunks.store.ts";
import type { StoredPart } from "./stored-upload.ts";

/** Several `file` parts are a folder's files; more than this is not a folder of notes. */
const MAX_PARTS = 10_000;

/** The upload passed `maxBytes`: said in `data` too, which tells it from the other 413s of a preview. */
export const tooLarge = (maxBytes: number) =>
  new ApiError("PAYLOAD_TOO_LARGE", `导入的文件不能超过 ${Math.floor(maxBytes / 1024 / 1024)} MB`, {
    data: { maxBytes },
  });

/** Whether `err` is tooLarge's, as it comes back from the preview's thread. */
export const isTooLarge = (err: unknown): err is ApiError =>
  err instanceof ApiError &&
  err.code === "PAYLOAD_TOO_LARGE" &&
  typeof (err.extra.data as { maxBytes?: unknown } | undefined)?.maxBytes === "number";

/** The uploaded file's name as a label (a folder upload may send `dir/a.md`): never a path. */
const labelOf = (filename: string | undefined) =>
  (filename ?? "").split(/[\\/]/).pop()!.trim().slice(0, 200) || "未命名文件";

/**
 * Streams a multipart body's `file` parts into the job's chunks as the bytes arrive, the parser
 * waiting while a chunk is written. Past `maxBytes` in all it fails with 413 (the caller deletes
 * the job, and what was stored with it).
 */
export async function receiveUpload(
  db: Db,
  jobId: string,
  contentType: string,
  body: Readable,
  maxBytes: number,
): Promise<StoredPart[]> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: maxBytes + 1, files: MAX_PARTS, fields: 16, parts: MAX_PARTS + 16 },
      // file names as browsers send them (UTF-8), not busboy's default Latin-1
      defParamCharset: "utf8",
    });
  } catch {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传，字段名为 file");
  }
  const parts: StoredPart[] = [];
  let total = 0;
  let stored: Promise<void> = Promise.resolve();

  // one buffer for the whole upload (parts are stored one after another): a new 1 MB buffer per
  // chunk was garbage waiting for a collection the upload alone never triggers
  let chunk: Buffer | undefined;
  const store = async (file: Readable, part: StoredPart, index: number) => {
    chunk ??= Buffer.allocUnsafe(CHUNK_BYTES);
    const buffer = chunk;
    let filled = 0;
    let seq = 0;
    for await (const data of file as AsyncIterable<Buffer>) {
      total += data.length;
      part.size += data.length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      for (let at = 0; at < data.length; ) {
        const copied = data.copy(buffer, filled, at);
        filled += copied;
        at += copied;
        // every chunk but a part's last holds exactly CHUNK_BYTES: readers find an offset's chunk by division
        if (filled === CHUNK_BYTES) {
          await saveChunk(db, jobId, index, seq++, buffer);
          filled = 0;
        }
      }
    }
    if (filled > 0) await saveChunk(db, jobId, index, seq++, buffer.subarray(0, filled));
  };

  parser.on("file", (field, file, info) => {
    if (field !== "file") {
      file.resume();
      return;
    }
    const part = { name: labelOf(info.filename), size: 0 };
    const index = parts.push(part) - 1;
    stored = stored.then(() =>
      store(file, part, index).catch((err: unknown) => {
        file.resume();
        body.destroy(err as Error); // ends the pipeline: nothing more is read
        throw err;
      }),
    );
  });
  parser.on("filesLimit", () => body.destroy(new ApiError("VALIDATION_ERROR", "一次上传的文件过多")));

  try {
    await pipeline(body, parser);
    await stored;
  } catch (err) {
    // the part that failed first says why (413), else the parser's or the connection's error
    const thrown = await stored.then(
      () => err,
      (first: unknown) => first,
    );
    if (thrown instanceof ApiError) throw thrown;
    throw new ApiError("VALIDATION_ERROR", "上传内容无法解析");
  }
  if (!parts.some((p) => p.size > 0)) {
    throw new ApiError("VALIDATION_ERROR", "请选择要导入的文件", {
      issues: [{ path: "file", message: "缺少文件或文件为空" }],
    });
  }
  return parts;
}

import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "../errors.ts";
import { formatStorage } from "../points/quotas.ts";

export const tooLargeImage = (maxBytes: number) =>
  new ApiError("PAYLOAD_TOO_LARGE", `图片或录音不能超过 ${formatStorage(maxBytes)}`);

const labelOf = (filename: string | undefined) =>
  (filename ?? "").split(/[\\/]/).pop()!.trim().slice(0, 200) || "图片";

/**
 * Reads the multipart body's one `file` part as it streams in, refusing it with 413 as soon as it
 * passes `maxBytes` (nothing more is read). Short fields beside it are handed back; a second file is refused.
 */
export async function receiveFile(
  request: Request,
  maxBytes: number,
): Promise<{ name: string; bytes: Buffer; fields: Record<string, string> }> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { fileSize: maxBytes + 1, files: 1, fields: 8, parts: 9 },
      defParamCharset: "utf8",
    });
  } catch {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传，字段名为 file");
  }
  if (!request.body) throw new ApiError("VALIDATION_ERROR", "请选择要上传的图片");
  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  let name = "";
  const fields: Record<string, string> = {};
  const chunks: Buffer[] = [];
  let size = 0;
  let failure: ApiError | null = null;
  const fail = (err: ApiError) => {
    if (failure) return;
    failure = err;
    body.destroy(err); // ends the pipeline: nothing more is read
  };
  parser.on("file", (field, file, info) => {
    if (field !== "file") {
      file.resume();
      return;
    }
    name = labelOf(info.filename);
    file.on("error", () => undefined); // the body's failure says why
    file.on("data", (data: Buffer) => {
      if (failure) return;
      size += data.length;
      if (size > maxBytes) fail(tooLargeImage(maxBytes));
      else chunks.push(data);
    });
  });
  // a few short fields beside the file (a recording's durationMs)
  parser.on("field", (field, value) => {
    if (value.length <= 100) fields[field] = value;
  });
  parser.on("filesLimit", () => fail(new ApiError("VALIDATION_ERROR", "一次只能上传一张图片")));
  try {
    await pipeline(body, parser);
  } catch (err) {
    if (failure) throw failure;
    if (err instanceof ApiError) throw err; // the body bound (413)
    throw new ApiError("VALIDATION_ERROR", "上传内容无法解析");
  }
  if (failure) throw failure;
  if (size === 0) {
    throw new ApiError("VALIDATION_ERROR", "请选择要上传的图片", {
      issues: [{ path: "file", message: "缺少文件或文件为空" }],
    });
  }
  return { name, bytes: Buffer.concat(chunks, size), fields };
}

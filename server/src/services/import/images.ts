/**
 * The images of an import (ImportedAttachment records): each read whole from its zip entry only
 * when it is written, one at a time, and put through the upload's own checks (processImportedImage:
 * type from the bytes, pixel limit, metadata stripped, thumbnail).
 */
import { ApiError } from "../../errors.ts";
import { type ProcessedImage, processImportedImage } from "../attachments/image.ts";
import { formatStorage } from "../quotas.ts";
import type { SourceFile } from "./records.ts";

/** The image checked and ready to store, or why not, in Chinese. */
export async function importedImage(
  file: SourceFile | null,
  maxBytes: number,
): Promise<ProcessedImage | string> {
  if (!file) return "导入的文件中没有这张图片，已跳过";
  const tooLarge = `图片不能超过 ${formatStorage(maxBytes)}，已跳过`;
  if (file.size > maxBytes) return tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = await file.open();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) return tooLarge; // the entry's stated size was wrong
      chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  try {
    return await processImportedImage(Buffer.concat(chunks, size));
  } catch (err) {
    if (err instanceof ApiError) return `${err.message}，已跳过`;
    throw err;
  }
}

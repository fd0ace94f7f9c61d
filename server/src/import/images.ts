/**
 * The images and recordings of an import, each read whole and put through the upload's own checks,
 * one at a time: all of a batch's before its transaction opens, which then never waits on them.
 */
import { createHash } from "node:crypto";
import type { AttachmentKind } from "../attachments/attachments.store.ts";
import { type ProcessedAudio, processAudio, sniffAudioFormat } from "../attachments/audio.ts";
import { type ProcessedImage, processImportedImage } from "../attachments/image.ts";
import { ApiError } from "../errors.ts";
import { formatStorage } from "../points/quotas.ts";
import { bytesOf } from "./file-text.ts";
import { IMAGE_REFERENCE, type ImportRecord, type SourceFile } from "./records.ts";

/** The image (or recording) checked and ready to store, or why not, in Chinese. */
export async function importedFile(
  file: SourceFile | null,
  maxBytes: number,
  kind: AttachmentKind,
): Promise<ProcessedImage | ProcessedAudio | string> {
  const noun = kind === "audio" ? "录音" : "图片";
  if (!file) return `导入的文件中没有这${kind === "audio" ? "段" : "张"}${noun}，已跳过`;
  const tooLarge = `${noun}不能超过 ${formatStorage(maxBytes)}，已跳过`;
  if (file.size > maxBytes) return tooLarge;
  const bytes = await bytesOf(file, maxBytes);
  if (!bytes) return tooLarge; // the entry's stated size was wrong
  try {
    if (kind === "image") return await processImportedImage(bytes);
    const format = sniffAudioFormat(bytes);
    return format ? processAudio(bytes, format) : "不是可以播放的录音，已跳过";
  } catch (err) {
    if (err instanceof ApiError) return `${err.message}，已跳过`;
    throw err;
  }
}

/** A batch's files checked and ready to store (or why not), by their record. */
export type ReadyFiles = Map<ImportRecord, ProcessedImage | ProcessedAudio | string>;

/** Reads and checks every file of a batch, one at a time: before its transaction opens. */
export async function readBatchFiles(records: ImportRecord[], maxBytes: number): Promise<ReadyFiles> {
  const ready: ReadyFiles = new Map();
  for (const record of records) {
    if (record.type === "attachment")
      ready.set(record, await importedFile(record.file, maxBytes, record.kind));
  }
  return ready;
}

/**
 * The id an imported image gets: the same for the same job and key on every reading, so that a
 * note written before its images (data.json lists them after the notes) can already name them.
 */
export function importedImageId(jobId: string, key: string): string {
  const hex = createHash("sha256").update(`${jobId}\u0000${key}`).digest("hex");
  // shaped as a version 4 UUID (its random bits are the hash's)
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A 拾念 note's `attachment:{id}` references, each naming the image its export id becomes here. */
export const withImportedImageIds = (jobId: string, markdown: string) =>
  markdown.replace(IMAGE_REFERENCE, (_, id: string) => `attachment:${importedImageId(jobId, id)}`);

import { randomUUID } from "node:crypto";
import type { AppDeps } from "../context.ts";
import { assertRoom } from "../points/quotas.ts";
import { processAudio, sniffAudioFormat } from "./audio.ts";
import { processImage } from "./image.ts";
import { saveAttachment } from "./storage.ts";

/**
 * Checks, processes and stores a received file, unattached: a recording as sent, anything else as
 * an image (decoded, stripped, thumbnailed; not an image → 400). Refused before decoding when even
 * the bytes as sent would not fit the quota. Every way in (the app's multipart upload, memos'
 * base64 JSON) goes through here, so the same types, sizes and quota hold for each.
 */
export async function storeUpload(
  deps: AppDeps,
  userId: string,
  upload: { name: string; bytes: Buffer; durationMs: number | null },
) {
  await assertRoom(deps, userId, { items: 0, bytes: upload.bytes.length });
  const audio = sniffAudioFormat(upload.bytes);
  const file = audio
    ? processAudio(upload.bytes, audio)
    : { kind: "image" as const, ...(await processImage(upload.bytes)) };
  const id = randomUUID();
  const durationMs = file.kind === "audio" ? upload.durationMs : null;
  // still counted while a slow bucket takes it: the bytes are held until then
  await saveAttachment(deps, userId, { id, name: upload.name, ...file, durationMs });
  return { id, kind: file.kind };
}

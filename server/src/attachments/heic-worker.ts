import "../wasm-wrappers.ts";
import os from "node:os";
import decodeHeic from "heic-decode";
import { Piscina, transferableSymbol, valueSymbol } from "piscina";

// Like the search words' thread: this one yields the CPU to the requests and to PostgreSQL.
if (process.platform === "linux") os.setPriority(10);

export type HeicPixels =
  | { ok: true; width: number; height: number; rgba: Uint8Array }
  | { ok: false; reason: "broken" | "too-large" };

/**
 * Runs in a worker thread (heic.ts): the first image of a HEIC/HEIF file as RGBA pixels, with the
 * container's rotation and mirroring (irot/imir, what iPhones write) applied by libheif. Its size
 * is read from the header and checked before a pixel is decoded. No metadata comes out: EXIF (GPS)
 * stays behind in this thread.
 */
export default async function decodeHeicInWorker({
  bytes,
  maxPixels,
}: {
  bytes: Uint8Array;
  maxPixels: number;
}): Promise<HeicPixels> {
  let images: Awaited<ReturnType<typeof decodeHeic.all>>;
  try {
    images = await decodeHeic.all({ buffer: bytes });
  } catch {
    return { ok: false, reason: "broken" };
  }
  try {
    const first = images[0];
    if (!first || first.width < 1 || first.height < 1) return { ok: false, reason: "broken" };
    if (first.width * first.height > maxPixels) return { ok: false, reason: "too-large" };
    const { width, height, data } = await first.decode();
    const pixels: HeicPixels = { ok: true, width, height, rgba: new Uint8Array(data.buffer) };
    // moved to the event loop's thread, not copied: up to maxPixels × 4 bytes
    return Piscina.move({
      [transferableSymbol]: [data.buffer],
      [valueSymbol]: pixels,
    } as unknown as ArrayBuffer) as unknown as HeicPixels;
  } catch {
    return { ok: false, reason: "broken" };
  } finally {
    images.dispose();
  }
}

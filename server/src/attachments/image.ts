import type { Sharp } from "sharp";
import { ApiError } from "../errors.ts";
import { perUserSlots } from "../shared/per-user-slots.ts";
import { decodeHeicOffLoop, HEIC_MAX_PIXELS, HeicBusyError } from "./heic.ts";

export type ImageFormat = "png" | "jpeg" | "webp" | "gif";

const CONTENT_TYPES: Record<ImageFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

/** The longer side of a thumbnail, in pixels (WebP). */
export const THUMB_SIZE = 400;
/** Past this many pixels (a 50-megapixel photo is ~8,000 × 6,000) an image is refused before it is decoded. */
const MAX_PIXELS = 60_000_000;

const refused = (message: string) => new ApiError("UNSUPPORTED_MEDIA_TYPE", message);
const NOT_AN_IMAGE = "仅支持 PNG、JPEG、WebP、GIF 或 HEIC 图片";
const BROKEN = "图片已损坏或无法识别";
const busy = () =>
  new ApiError("SERVICE_UNAVAILABLE", "图片处理繁忙，请稍后再试", { headers: { "Retry-After": "5" } });

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The type from the first bytes, never from the file name or the declared type. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | "heic" | null {
  if (bytes.length < 16) return null;
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  // not heim/heis (multi-view, scalable HEVC): the decoder refuses them, so they are "not these types"
  if (ascii(bytes, 4, 8) === "ftyp" && /^(heic|heix|hevc|hevx|mif1|msf1)$/.test(ascii(bytes, 8, 12)))
    return "heic";
  return null;
}

/**
 * Markup a browser would run if it ever took the file for a page: a polyglot (a GIF whose
 * comment is a script, HTML appended after a PNG's end) is refused even though it also decodes
 * as an image. What is stored is re-encoded by the decoder anyway, so nothing appended survives.
 * Not `<?xml`: a photo's XMP packet may begin with it.
 */
const MARKUP = /<(?:script|html|body|svg|iframe|object|embed|!doctype)[\s>/]|javascript:/i;

/** Markup in the bytes, read as Latin-1 a megabyte at a time (overlapping, so no tag falls between two). */
export function containsMarkup(bytes: Buffer): boolean {
  const STEP = 1024 * 1024;
  for (let at = 0; at < bytes.length; at += STEP) {
    if (MARKUP.test(bytes.toString("latin1", at, Math.min(bytes.length, at + STEP + 16)))) return true;
  }
  return false;
}

export type ProcessedImage = { contentType: string; data: Buffer; thumb: Buffer };

/**
 * sharp loads on the first image, not at start-up: libvips costs a server that never sees an image
 * ~10 MB at idle, and an import running beside it (import) grew the process twice as much
 * with libvips loaded (docs/benchmarks-history.md).
 */
let loading: Promise<typeof import("sharp")["default"]> | null = null;
/**
 * Run before sharp loads, in a worker thread: on glibc the main thread must open sharp's libraries
 * first, or the thread that opened them unloads them under the process when it ends (sharp's
 * documentation, lovell/sharp#2263). The import's thread asks the main thread to (import-worker.ts).
 */
let beforeSharp: (() => Promise<void>) | null = null;
export const beforeSharpLoads = (first: () => Promise<void>) => {
  beforeSharp = first;
};

export const loadSharp = () =>
  (loading ??= (beforeSharp?.() ?? Promise.resolve()).then(async () => {
    const { default: sharp } = await import("sharp");
    // libvips keeps recent operations' results (up to 50 MB of pixels) for a pipeline that repeats
    // them; no upload repeats another's, so that is memory held for nothing.
    sharp.cache(false);
    return sharp;
  }));

/** Decoding and encoding at once in this process: sharp works on libuv's threads, a few at a time. */
const slots = perUserSlots(2, 16);

/**
 * Checks an upload is the image its bytes say (the magic number, then the decoder must agree and
 * decode it) and re-encodes it with its EXIF orientation applied and every metadata block (EXIF
 * with GPS, XMP, comments) left out, with a WebP thumbnail. 415 with a Chinese reason otherwise.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw refused(NOT_AN_IMAGE);
  if (containsMarkup(bytes)) throw refused("图片中夹带了网页或脚本内容，已拒绝上传");
  if (sniffed === "heic") return slots("process", () => heicToJpeg(bytes), busy);
  return slots(
    "process",
    async () => {
      const sharp = await loadSharp();
      const animated = sniffed === "gif" || sniffed === "webp";
      const input = () => sharp(bytes, { animated, limitInputPixels: MAX_PIXELS, failOn: "error" });
      let format: string | undefined;
      try {
        ({ format } = await input().metadata());
      } catch {
        throw refused(BROKEN);
      }
      if (format !== sniffed) throw refused(NOT_AN_IMAGE);
      try {
        // autoOrient: the pixels turned as EXIF says; no metadata is kept unless asked for
        const data = await encode(input().autoOrient(), sniffed).toBuffer();
        return { contentType: CONTENT_TYPES[sniffed], data, thumb: await thumbnail(data) };
      } catch {
        throw refused(BROKEN);
      }
    },
    busy,
  );
}

const thumbnail = async (data: Buffer) =>
  (await loadSharp())(data, { limitInputPixels: MAX_PIXELS })
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();

/**
 * A HEIC/HEIF photo is stored as JPEG: every browser and every program that opens the export shows
 * it (HEIC would need its own decoder again in Chrome, Firefox and on Windows, and WebP does not
 * open in older photo viewers), and it is what an iPhone itself sends when asked for "最兼容".
 * Only pixels leave the decoder: no EXIF (GPS), XMP or orientation tag to strip.
 */
async function heicToJpeg(bytes: Buffer): Promise<ProcessedImage> {
  let pixels: Awaited<ReturnType<typeof decodeHeicOffLoop>>;
  try {
    pixels = await decodeHeicOffLoop(bytes);
  } catch (error) {
    if (error instanceof HeicBusyError) throw busy();
    throw refused(BROKEN);
  }
  if (!pixels.ok) {
    throw pixels.reason === "too-large"
      ? refused(`图片像素过多（超过 ${HEIC_MAX_PIXELS / 1_000_000} 百万像素）`)
      : refused(BROKEN);
  }
  const sharp = await loadSharp();
  const { width, height, rgba } = pixels;
  const data = await sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: HEIC_MAX_PIXELS })
    .removeAlpha()
    .jpeg({ quality: 88 })
    .toBuffer();
  return { contentType: CONTENT_TYPES.jpeg, data, thumb: await thumbnail(data) };
}

function encode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      return image.jpeg({ quality: 88 });
    case "png":
      return image.png();
    case "webp":
      return image.webp({ quality: 90 });
    case "gif":
      return image.gif();
  }
}

/** The metadata blocks processImage leaves out: an image with any of them is re-encoded. */
const STRIPPED = ["exif", "xmp", "iptc", "icc", "tifftagPhotoshop"] as const;

/** Whether the bytes end where their format ends: nothing rides after the image. */
function endsClean(bytes: Buffer, format: ImageFormat): boolean {
  const tail = (hex: string) => bytes.subarray(bytes.length - hex.length / 2).equals(Buffer.from(hex, "hex"));
  if (format === "jpeg") return tail("ffd9");
  if (format === "png") return tail("0000000049454e44ae426082");
  if (format === "gif") return tail("3b");
  return bytes.readUInt32LE(4) + 8 === bytes.length;
}

/**
 * An image a 拾念 export carries (files/): checked and thumbnailed exactly as an upload
 * (processImage), then kept byte for byte when it already is what processImage stores — no
 * metadata, upright, nothing after its end — so that a round trip keeps a photo's bytes instead of
 * JPEG-encoding it once more at each import. Anything else is stored as processImage made it.
 */
export async function processImportedImage(bytes: Buffer): Promise<ProcessedImage> {
  const processed = await processImage(bytes);
  const format = sniffImageFormat(bytes) as ImageFormat;
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { animated: format === "gif" || format === "webp" }).metadata();
  const clean =
    STRIPPED.every((block) => meta[block] === undefined) &&
    !meta.comments?.length &&
    (meta.orientation ?? 1) === 1 &&
    endsClean(bytes, format);
  return clean ? { ...processed, data: bytes } : processed;
}

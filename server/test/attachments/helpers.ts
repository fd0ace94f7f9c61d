import sharp from "sharp";
import type { TestCtx } from "../helpers.ts";

/** A real image made by sharp: noise-free colour blocks, `width` × `height`. */
export function makeImage(
  format: "png" | "jpeg" | "webp" | "gif",
  { width = 64, height = 48 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } });
  return image.toFormat(format).toBuffer();
}

/** POST /api/attachments with one `file` part, answered as raw status and JSON. */
export async function uploadFile(
  ctx: TestCtx,
  token: string,
  bytes: Uint8Array,
  name = "photo.png",
  type = "image/png",
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
): Promise<{ status: number; body: { code?: string; message?: string; data?: any } }> {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await ctx.app.request("/api/attachments", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "10.9.9.9" },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

/** A signed URL's path and query as the contract's getFile takes them. */
export function signedParts(url: string) {
  const parsed = new URL(url, "http://x");
  return {
    id: parsed.pathname.split("/")[3]!,
    exp: Number(parsed.searchParams.get("exp")),
    sig: parsed.searchParams.get("sig")!,
  };
}

/** A real WAV recording (16-bit mono PCM): `ms` of a 440 Hz tone at 8 kHz. */
export function makeWav(ms = 200): Buffer {
  const rate = 8000;
  const samples = Math.round((rate * ms) / 1000);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  }
  return wav;
}

import sharp from "sharp";
import type { TestCtx } from "./helpers.ts";

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

import { randomBytes } from "node:crypto";
import { AVATAR_MAX_BYTES } from "@shinian/contract";
import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { ApiError, notFound } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { counts } from "../services/items.ts";
import { getUser } from "../services/users.ts";

/** The type comes from the bytes, never from the file name or the declared type. */
export function sniffImage(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  const at = (i: number) => bytes[i];
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

const profileOf = async (c: { var: AppEnv["Variables"] }) => {
  const { db } = c.var.deps;
  const [user, n] = await Promise.all([getUser(db, c.var.auth.userId), counts(db, c.var.auth.userId)]);
  return { ...user, counts: n };
};

export function profileRoutes(app: Hono<AppEnv>) {
  mount(app, "getProfile", async (c) => ({ data: await profileOf(c) }));
  mount(app, "updateProfile", async (c, { body: patch }) => {
    const sets: string[] = [];
    const params: unknown[] = [c.var.auth.userId];
    if (patch.nickname !== undefined) {
      params.push(patch.nickname);
      sets.push(`nickname = $${params.length}`);
    }
    if (patch.identityDescription !== undefined) {
      params.push(patch.identityDescription || null);
      sets.push(`identity_description = $${params.length}`);
    }
    if (patch.settings) {
      params.push(JSON.stringify(patch.settings));
      sets.push(`settings = settings || $${params.length}::jsonb`);
    }
    // The contract refuses a patch with nothing in it; this keeps the server honest if it changes.
    if (!sets.length) throw new ApiError("VALIDATION_ERROR", "没有需要更新的内容");
    await c.var.deps.db.query(
      `UPDATE users SET ${sets.join(", ")}, updated_at = now() WHERE id = $1`,
      params,
    );
    return { message: "个人资料已更新", data: await profileOf(c) };
  });
  mount(app, "uploadAvatar", async (c) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) {
      throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传，字段名为 file");
    }
    const form = await c.req.parseBody().catch(() => {
      throw new ApiError("VALIDATION_ERROR", "上传内容无法解析");
    });
    const file = form.file;
    if (!(file instanceof File)) {
      throw new ApiError("VALIDATION_ERROR", "请选择要上传的头像图片", {
        issues: [{ path: "file", message: "缺少文件" }],
      });
    }
    if (file.size > AVATAR_MAX_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE", "头像图片不能超过 2 MB");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mime = sniffImage(bytes);
    if (!mime || bytes.length < 16)
      throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "头像仅支持 PNG、JPEG 或 WebP 图片");
    await c.var.deps.db.query(
      `INSERT INTO avatars (user_id, content_type, data, key) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET content_type = $2, data = $3, key = $4, updated_at = now()`,
      [c.var.auth.userId, mime, Buffer.from(bytes), randomBytes(16).toString("base64url")],
    );
    return { message: "头像已更新", data: await profileOf(c) };
  });
}

/**
 * Avatars are served without a token (an <img> cannot send one) under an unguessable key that
 * changes on every upload. Served inertly: fixed type, nosniff, and a sandboxing CSP.
 */
export const avatarRoutes = (app: Hono<AppEnv>) =>
  mount(app, "getAvatar", async (c, { params: { key } }) => {
    if (!/^[A-Za-z0-9_-]{22}$/.test(key)) throw notFound();
    const { rows } = await c.var.deps.db.query<{ content_type: string; data: Buffer }>(
      "SELECT content_type, data FROM avatars WHERE key = $1",
      [key],
    );
    if (!rows[0]) throw notFound();
    return c.body(new Uint8Array(rows[0].data), 200, {
      "Content-Type": rows[0].content_type,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=31536000, immutable",
    });
  });

import { AVATAR_MAX_BYTES } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { ApiError, notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { digestsSoon } from "../insights/digests.ts";
import { usageOf } from "../points/quotas.ts";
import { limitWrites } from "../points/write-limits.ts";
import { getUser } from "./accounts.store.ts";
import { findAvatar, profileCounts, saveAvatar, updateProfile } from "./profile.store.ts";

/** The type comes from the bytes, never from the file name or the declared type. */
export function sniffImage(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | null {
  const at = (i: number) => bytes[i];
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

const profileOf = async (db: Queryable, userId: string) => {
  const [user, counts] = await Promise.all([getUser(db, userId), profileCounts(db, userId)]);
  return { ...user, counts };
};

export function profileRoutes(mount: Mount) {
  mount("getProfile", async ({ deps, userId }) => ({ data: await profileOf(deps.db, userId) }));
  mount("getUsage", async ({ deps, userId }) => ({ data: await usageOf(deps, userId) }));
  mount("updateProfile", async ({ deps, userId, body }) => {
    const { db, config } = deps;
    // The contract refuses a patch with nothing in it; this keeps the server honest if it changes.
    if (!(await updateProfile(db, config.quota, userId, body)))
      throw new ApiError("VALIDATION_ERROR", "没有需要更新的内容");
    // opted in: the latest period is drawn now, not at the next sweep
    if (body.settings?.digest && body.settings.digest !== "off") digestsSoon(deps);
    return { message: "个人资料已更新", data: await profileOf(db, userId) };
  });
  mount("uploadAvatar", async ({ c, deps, userId }) => {
    const type = c.req.header("content-type") ?? "";
    if (!type.startsWith("multipart/form-data")) {
      throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "请以 multipart/form-data 上传，字段名为 file");
    }
    await limitWrites(deps, userId, "uploads");
    const form = await c.req.parseBody().catch((err: unknown) => {
      if (err instanceof ApiError) throw err; // the body bound (413)
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
    await saveAvatar(deps.db, deps.config.quota, userId, mime, bytes);
    return { message: "头像已更新", data: await profileOf(deps.db, userId) };
  });
}

/**
 * Avatars are served without a token (an <img> cannot send one) under an unguessable key that
 * changes on every upload. Served inertly: fixed type, nosniff, and a sandboxing CSP.
 */
export const avatarRoutes = (mount: Mount) =>
  mount("getAvatar", async ({ c, deps, params: { key } }) => {
    if (!/^[A-Za-z0-9_-]{22}$/.test(key)) throw notFound();
    const avatar = await findAvatar(deps.db, { key });
    if (!avatar) throw notFound();
    return c.body(new Uint8Array(avatar.data), 200, {
      "Content-Type": avatar.content_type,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=31536000, immutable",
    });
  });

import { createHmac, timingSafeEqual } from "node:crypto";
import { type Attachment, fillPath, routes } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import type { Db } from "../db/pool.ts";
import { type AttachmentMeta, serverKey } from "./attachments.store.ts";

/**
 * Files are private, but an `<img>` cannot send the bearer token: each answer that shows a file
 * carries URLs signed for a short while (attachments.urlTtlMs). The signature is an HMAC over the
 * file's id, its owner, which variant and the expiry, with a key kept in the database (every
 * process signs and checks alike, and URLs outlive a restart): a URL works for that one file of
 * that one person until it expires, and changing any part of it makes it fail.
 */

export type Variant = "file" | "thumb";

const keys = new WeakMap<Db, Promise<Buffer>>();
export const fileUrlKey = (db: Db) => {
  let key = keys.get(db);
  if (!key) {
    key = serverKey(db, "file-urls");
    key.catch(() => keys.delete(db)); // a failed read is tried again next time
    keys.set(db, key);
  }
  return key;
};

export const signFile = (key: Buffer, variant: Variant, id: string, ownerId: string, exp: number) =>
  createHmac("sha256", key).update(`${variant}\n${id}\n${ownerId}\n${exp}`).digest("base64url");

/**
 * The expiry of URLs signed now: at least `ttlMs` away, rounded up to a quarter of it, so that the
 * same file's URL stays the same for a while and the browser's cache can keep the image.
 */
export function expiryFor(ttlMs: number, nowMs = Date.now()): number {
  const ttl = Math.max(1, Math.round(ttlMs / 1000));
  const step = Math.max(1, Math.floor(ttl / 4));
  return Math.ceil((Math.floor(nowMs / 1000) + ttl) / step) * step;
}

/** Attachments as the API answers them, with freshly signed URLs. */
export async function withUrls(deps: AppDeps, metas: AttachmentMeta[]): Promise<Attachment[]> {
  if (metas.length === 0) return [];
  const key = await fileUrlKey(deps.db);
  const exp = expiryFor(deps.config.attachments.urlTtlMs);
  const url = (variant: Variant, m: AttachmentMeta) => {
    const path = fillPath(variant === "file" ? routes.getFile.path : routes.getFileThumb.path, { id: m.id });
    return `${path}?exp=${exp}&sig=${signFile(key, variant, m.id, m.user_id, exp)}`;
  };
  return metas.map((m) => ({
    id: m.id,
    kind: m.kind,
    url: url("file", m),
    thumbnailUrl: m.has_thumb ? url("thumb", m) : null,
    size: m.size,
    ...(m.kind === "audio" ? { durationMs: m.duration_ms } : {}),
  }));
}

/** Whether `sig` is this file's signature for `exp`, and `exp` is still ahead. */
export async function validSignature(
  db: Db,
  file: { variant: Variant; id: string; ownerId: string },
  exp: number,
  sig: string,
): Promise<"ok" | "expired" | "bad"> {
  const expected = Buffer.from(signFile(await fileUrlKey(db), file.variant, file.id, file.ownerId, exp));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "bad";
  return exp * 1000 > Date.now() ? "ok" : "expired";
}

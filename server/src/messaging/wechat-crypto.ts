import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * WeChat's message signatures and 安全模式 encryption (WXBizMsgCrypt), as documented:
 * https://developers.weixin.qq.com/doc/offiaccount/Basic_Information/Access_Overview.html (signature)
 * https://developers.weixin.qq.com/doc/offiaccount/Message_Management/Message_encryption_and_decryption_instructions.html
 */

/** sha1 of the parts sorted as strings and joined: `signature` (token, timestamp, nonce) and `msg_signature` (+ Encrypt). */
export const wechatSignature = (...parts: string[]) =>
  createHash("sha1").update(parts.toSorted().join("")).digest("hex");

/** Compares in constant time; a signature of another length is simply wrong. */
export function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given.toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** WeChat pads to 32-byte blocks (PKCS#7 with k = 32), not AES's 16. */
const BLOCK = 32;

/** AES-256-CBC, iv = the key's first 16 bytes, of 16 random bytes + 4-byte big-endian length + message + appid. */
export function encryptMessage(
  key: Buffer,
  appId: string,
  message: string,
  random = randomBytes(16),
): string {
  const body = Buffer.from(message, "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const plain = Buffer.concat([random, length, body, Buffer.from(appId, "utf8")]);
  const pad = BLOCK - (plain.length % BLOCK);
  const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
  const cipher = createCipheriv("aes-256-cbc", key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString("base64");
}

/** The message inside `Encrypt`; null when it does not decrypt, its padding or length is wrong, or it is for another appid. */
export function decryptMessage(key: Buffer, appId: string, encrypted: string): string | null {
  try {
    const data = Buffer.from(encrypted, "base64");
    if (data.length === 0 || data.length % 16 !== 0) return null;
    const decipher = createDecipheriv("aes-256-cbc", key, key.subarray(0, 16)).setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(data), decipher.final()]);
    const pad = padded[padded.length - 1]!;
    if (pad < 1 || pad > BLOCK || pad > padded.length) return null;
    const plain = padded.subarray(0, padded.length - pad);
    if (plain.length < 20) return null;
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return null;
    const from = plain.subarray(20 + length).toString("utf8");
    if (from !== appId) return null;
    return plain.subarray(20, 20 + length).toString("utf8");
  } catch {
    return null;
  }
}

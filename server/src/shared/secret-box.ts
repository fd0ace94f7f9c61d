import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The sealed format's first bytes: "SB", version 2. Version 1 had no header (see `openLegacy`). */
const HEADER = Buffer.from([0x53, 0x42, 0x02]);
const KEY_ID_BYTES = 4;
const PREFIX_BYTES = HEADER.length + KEY_ID_BYTES;

/** Which key sealed a value, so a rotated-out key can still open what it sealed: a hash, not the key. */
const keyId = (key: Buffer) => createHash("sha256").update(key).digest().subarray(0, KEY_ID_BYTES);

/** The first bytes of every value `key` seals now: one not starting with them must be sealed again. */
export const sealedPrefix = (key: Buffer) => Buffer.concat([HEADER, keyId(key)]);

const aad = (prefix: Buffer, context: readonly string[]) =>
  Buffer.concat([prefix, Buffer.from(JSON.stringify(context))]);

function decrypt(key: Buffer, body: Buffer, associated: Buffer): string | null {
  if (body.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, body.subarray(0, IV_BYTES));
    decipher.setAAD(associated);
    decipher.setAuthTag(body.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(body.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return plain.toString("utf8");
  } catch {
    return null;
  }
}

/**
 * AES-256-GCM: `"SB" 2 ‖ key id ‖ iv ‖ tag ‖ ciphertext`. The header and every part of `context`
 * (a user's id, and where the secret is for) are bound as associated data: a sealed value copied
 * to another row, or kept while its row's address changes, does not open.
 */
export function seal(key: Buffer, plaintext: string, context: readonly string[]): Buffer {
  const prefix = sealedPrefix(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad(prefix, context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([prefix, iv, cipher.getAuthTag(), body]);
}

export type Opened = {
  plaintext: string;
  /** Sealed by an older key or in the old format: seal it again with the current key. */
  stale: boolean;
};

/**
 * The plaintext, or null when it does not open: no key of `keys` (the current one first, then
 * rotated-out ones) sealed it, its context differs, or its bytes were altered. Values of the first
 * format (no header, the user's id alone as associated data) still open, under `legacyContext`.
 */
export function open(
  keys: readonly Buffer[],
  sealed: Buffer,
  context: readonly string[],
  legacyContext: string,
): Opened | null {
  if (sealed.length > PREFIX_BYTES && sealed.subarray(0, HEADER.length).equals(HEADER)) {
    const prefix = sealed.subarray(0, PREFIX_BYTES);
    const at = keys.findIndex((key) => keyId(key).equals(prefix.subarray(HEADER.length)));
    const plaintext = at < 0 ? null : decrypt(keys[at]!, sealed.subarray(PREFIX_BYTES), aad(prefix, context));
    if (plaintext !== null) return { plaintext, stale: at > 0 };
  }
  // a first-format value begins with a random iv, which may look like the header
  for (const key of keys) {
    const plaintext = decrypt(key, sealed, Buffer.from(legacyContext));
    if (plaintext !== null) return { plaintext, stale: true };
  }
  return null;
}

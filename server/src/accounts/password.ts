import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt is memory-hard and built into Node (no native dependency). r=8, p=3 with N=2^15 is
// OWASP's floor for scrypt (p=1 would need N=2^17). The parameters travel with each hash, so
// hashes made with other parameters still verify, and login upgrades them (needsRehash).
const R = 8;
const P = 3;
const KEYLEN = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEYLEN,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), Number(logN), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash made with other parameters than today's: worth replacing after a successful login. */
export function needsRehash(stored: string, logN: number): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme !== "scrypt" || Number(n) !== logN || Number(r) !== R || Number(p) !== P;
}

let dummy: Promise<string> | null = null;
/** Same work as a real check, for unknown accounts: timing does not reveal whether one exists. */
export async function verifyAgainstDummy(password: string, logN: number): Promise<false> {
  dummy ??= hashPassword("dummy-password-for-timing", logN);
  await verifyPassword(password, await dummy);
  return false;
}

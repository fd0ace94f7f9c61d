import { createHash, randomBytes } from "node:crypto";
import type { Queryable } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { insertInvite, inviteIsUsable, takeInviteUse } from "./invites.store.ts";

// Crockford's base32: no I, L, O or U, so a code read aloud or copied by hand is not mistaken.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_CHARS = 16; // 80 bits: no one guesses a code, throttled at 20 registrations an hour

/** A new code as shown to people: XXXX-XXXX-XXXX-XXXX. */
function newInviteCode(): string {
  const bytes = randomBytes(CODE_CHARS);
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** The code as typed (the contract has removed spaces and dashes and upper-cased it) → what is stored. */
const hashInviteCode = (normalised: string) => createHash("sha256").update(normalised, "utf8").digest();

export type CreatedInvite = { code: string; maxUses: number; expiresAt: Date | null };

/** `npm run invite:create`: a code for `maxUses` registrations, ending after `expiresInMs` (null: never). */
export async function createInvite(
  db: Queryable,
  opts: { maxUses: number; expiresInMs: number | null; note: string },
): Promise<CreatedInvite> {
  const code = newInviteCode();
  const { expiresAt } = await insertInvite(db, {
    ...opts,
    codeHash: hashInviteCode(code.replaceAll("-", "")),
  });
  return { code, maxUses: opts.maxUses, expiresAt };
}

const inviteRefused = (message: string) =>
  new ApiError("VALIDATION_ERROR", message, { issues: [{ path: "inviteCode", message }] });

const noCode = () => inviteRefused("本站仅限受邀注册，请输入邀请码");
const badCode = () => inviteRefused("邀请码无效、已用完或已过期");

/**
 * Before anything else of a registration: refuses one without a usable code, so that someone
 * without a code learns nothing about which accounts exist (a taken account answers 409).
 */
export async function checkInvite(db: Queryable, code: string | undefined): Promise<void> {
  if (!code) throw noCode();
  if (!(await inviteIsUsable(db, hashInviteCode(code)))) throw badCode();
}

/** Inside the registration's transaction: takes a use of the code (another may have taken the last). */
export async function useInvite(db: Queryable, code: string | undefined): Promise<void> {
  if (!code || !(await takeInviteUse(db, hashInviteCode(code)))) throw badCode();
}

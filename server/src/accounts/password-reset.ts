import { randomBytes } from "node:crypto";
import type { AppDeps } from "../context.ts";
import { tx } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { hashToken } from "../shared/token-hash.ts";
import { pauseWebdavForNewPassword } from "../webdav/pause-on-new-password.ts";
import { revokeAllAccessTokens } from "./access-tokens.store.ts";
import { deleteAllSessions, setPasswordHash } from "./accounts.store.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { forgetAccountFailures } from "./login-attempts.store.ts";
import { attemptSucceeded, beginReset } from "./login-throttle.ts";
import { hashPassword } from "./password.ts";
import { findPasswordReset, putPasswordReset, takePasswordReset } from "./password-resets.store.ts";

/** `npm run account:reset-password`: the token of the account's one live link, and when it ends. */
export async function createPasswordReset(
  { db, config }: Pick<AppDeps, "db" | "config">,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = await putPasswordReset(db, userId, hashToken(token), config.passwordResetTtlMs);
  return { token, expiresAt };
}

const invalidLink = () =>
  new ApiError("VALIDATION_ERROR", "重置链接无效、已使用或已过期，请联系本站管理员重新获取", {
    issues: [{ path: "token", message: "重置链接无效、已使用或已过期" }],
  });

/**
 * Sets the password of the link's account, once: the link is used up in the same transaction,
 * and every session and access token of the account ends and its WebDAV backup is switched off
 * (whoever knew the old password is out), and so do the sign-in failures on it, which would otherwise lock the owner out of the
 * new password. Tries are counted per client like sign-ins, so guessing links costs the guesser only.
 */
export async function resetPassword(
  { db, config }: AppDeps,
  input: { token: string; newPassword: string },
  clientKey: string,
): Promise<{ webdavStopped: boolean }> {
  await refuseCommonPassword(input.newPassword, "newPassword");
  const attempt = await beginReset(db, clientKey);
  const tokenHash = hashToken(input.token);
  // checked before the (memory-hard) hash, so an unknown link costs one index lookup
  if (!(await findPasswordReset(db, tokenHash))) throw invalidLink();
  const hash = await hashPassword(input.newPassword, config.passwordHashCost);
  const done = await tx(db, async (conn) => {
    const userId = await takePasswordReset(conn, tokenHash);
    if (!userId) throw invalidLink();
    await setPasswordHash(conn, userId, hash);
    await deleteAllSessions(conn, userId);
    await revokeAllAccessTokens(conn, userId);
    await forgetAccountFailures(conn, userId);
    return { webdavStopped: await pauseWebdavForNewPassword(conn, userId, "reset") };
  });
  await attemptSucceeded(db, attempt);
  return done;
}

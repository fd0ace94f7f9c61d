import type { AuthResult } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { tx } from "../db/pool.ts";
import { ApiError, unauthorized } from "../errors.ts";
import { openBalance } from "../points/points.store.ts";
import { grant } from "../points/points.ts";
import { pauseWebdavForNewPassword } from "../webdav/pause-on-new-password.ts";
import { forgetAccountEvents, quietOutbox } from "../webhooks/outbox.store.ts";
import { revokeAllAccessTokens } from "./access-tokens.store.ts";
import {
  createSession,
  createUser,
  deleteOtherSessions,
  deleteUser,
  findCredentials,
  getUser,
  replacePasswordHash,
  setPasswordHash,
} from "./accounts.store.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { checkInvite, useInvite } from "./invites.ts";
import {
  type Attempt,
  attemptSucceeded,
  beginConfirm,
  beginLogin,
  countRegistration,
} from "./login-throttle.ts";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "./password.ts";

/**
 * Who is signing in or up: the session list shows the device and the address; the throttles
 * count the client under `throttleKey` (an IPv6 address by its /64).
 */
export type Client = { ip: string; throttleKey: string; userAgent: string };

export const registrationClosed = () => new ApiError("FORBIDDEN", "本站暂未开放注册，请联系本站管理员");

/**
 * A new account with its points and a session; null when the account is taken. REGISTRATION
 * decides who may. With `invite`, a registration without a usable code stops before the account
 * is looked at (someone without a code learns nothing of which accounts exist), and the code's
 * use is taken in the account's transaction once the account is known to be new, so a taken
 * account or a failure never spends a use.
 */
export async function register(
  { db, config }: AppDeps,
  input: { account: string; password: string; inviteCode?: string },
  client: Client,
): Promise<AuthResult | null> {
  if (config.registration === "closed") throw registrationClosed();
  await refuseCommonPassword(input.password, "password");
  // counted whether or not the account is new: the rows stay for the window
  await countRegistration(db, client.throttleKey, config.registerPerIpPerHour);
  if (config.registration === "invite") await checkInvite(db, input.inviteCode);
  const passwordHash = await hashPassword(input.password, config.passwordHashCost);
  return tx(db, async (conn) => {
    const id = await createUser(conn, input.account, passwordHash);
    if (!id) return null;
    if (config.registration === "invite") await useInvite(conn, input.inviteCode);
    if (config.points.registerBonus > 0)
      await grant(conn, id, config.points.registerBonus, "register_bonus", "注册赠送");
    else await openBalance(conn, id);
    const token = await createSession(conn, id, client, config.sessionMaxAgeMs);
    return { token, user: await getUser(conn, id) };
  });
}

/** A new session, or null for a wrong account or password (the attempt then counts as a failure). */
export async function login(
  { db, config }: AppDeps,
  input: { account: string; password: string },
  client: Client,
): Promise<AuthResult | null> {
  const attempt = await beginLogin(db, input.account, client.throttleKey);
  const user = await findCredentials(db, { account: input.account });
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password, config.passwordHashCost);
  if (!user || !ok) return null;
  await attemptSucceeded(db, attempt);
  if (needsRehash(user.passwordHash, config.passwordHashCost)) {
    const rehashed = await hashPassword(input.password, config.passwordHashCost);
    await replacePasswordHash(db, user.id, user.passwordHash, rehashed);
  }
  const token = await createSession(db, user.id, client, config.sessionMaxAgeMs);
  return { token, user: await getUser(db, user.id) };
}

/** A signed-in session: whose it is, and which one. */
export type SessionAuth = { userId: string; sessionId: string };

/**
 * The signed-in user's password, counted against this session only: failed logins elsewhere
 * never stand between the owner and changing the password or deleting the account, and a
 * stolen session cannot guess faster than 5 times in 15 minutes. The attempt to settle when it
 * is right; null when wrong (the attempt then counts as a failure).
 */
async function confirmPassword(
  { db }: AppDeps,
  auth: SessionAuth,
  password: string,
): Promise<Attempt | null> {
  const user = await findCredentials(db, { userId: auth.userId });
  if (!user) throw unauthorized();
  const attempt = await beginConfirm(db, auth.sessionId);
  return (await verifyPassword(password, user.passwordHash)) ? attempt : null;
}

/**
 * Null when `current` is not the password. Every other session and access token ends, and the
 * WebDAV backup is switched off (`webdavStopped`: there was one).
 */
export async function changePassword(
  deps: AppDeps,
  auth: SessionAuth,
  passwords: { current: string; next: string },
): Promise<{ webdavStopped: boolean } | null> {
  const { db, config } = deps;
  await refuseCommonPassword(passwords.next, "newPassword");
  const attempt = await confirmPassword(deps, auth, passwords.current);
  if (!attempt) return null;
  await attemptSucceeded(db, attempt);
  const hash = await hashPassword(passwords.next, config.passwordHashCost);
  return tx(db, async (conn) => {
    await setPasswordHash(conn, auth.userId, hash);
    await deleteOtherSessions(conn, auth.userId, auth.sessionId);
    // An access token is a standing key to the account, like a session: whoever changes the
    // password because it may be known to someone else wants those keys gone too.
    await revokeAllAccessTokens(conn, auth.userId);
    return { webdavStopped: await pauseWebdavForNewPassword(conn, auth.userId, "changed") };
  });
}

/**
 * The account password, asked again before a WebDAV target is set or changed (the backup sends
 * every note there): a session alone does not suffice. Counted like a password change's.
 */
export async function checkAccountPassword(deps: AppDeps, auth: SessionAuth, password: string) {
  const attempt = await confirmPassword(deps, auth, password);
  if (!attempt) return false;
  await attemptSucceeded(deps.db, attempt);
  return true;
}

/** False when `password` is not the password; else the account and everything it owns are gone. */
export async function deleteAccount(deps: AppDeps, auth: SessionAuth, password: string) {
  const attempt = await confirmPassword(deps, auth, password);
  if (!attempt) return false;
  await tx(deps.db, async (conn) => {
    await quietOutbox(conn);
    await deleteUser(conn, auth.userId);
    // after the cascade waited out every writer of the account: none can log an event after this
    await forgetAccountEvents(conn, auth.userId);
    await attemptSucceeded(conn, attempt);
  });
  return true;
}

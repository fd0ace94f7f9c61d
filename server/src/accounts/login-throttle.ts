import type { Queryable } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { retryAfterHeader } from "../shared/retry.ts";
import {
  accountPressure,
  attemptsInWindows,
  forgetAttempts,
  recordAttempts,
  type WindowLimit,
} from "./login-attempts.store.ts";

/**
 * Sign-in throttling that a stranger cannot turn into a lockout: three counters in PostgreSQL (shared
 * by every process), keyed by the account name as typed, so a missing account is throttled like one
 * that exists. A client that has not failed on an account is never refused for the account's sake, so
 * its owner still gets in while someone else guesses; the price is one guess per fresh address.
 * The three limits and their reasons: server/docs/internals.md, "Accounts".
 */
export const LOGIN_LIMITS = {
  perAccountAndClient: { max: 5, windowMinutes: 15 },
  perClient: { max: 20, windowMinutes: 15 },
  perAccount: { windowMinutes: 24 * 60, freeFailures: 10, firstDelaySeconds: 1, maxDelaySeconds: 15 * 60 },
} as const;

/** Wrong current passwords of a signed-in session (change password, delete account). */
export const CONFIRM_LIMIT = { max: 5, windowMinutes: 15 } as const;

/** Seconds a client that failed on an account waits after its last failure, given the account's failures. */
export function accountDelaySeconds(failures: number): number {
  const rule = LOGIN_LIMITS.perAccount;
  if (failures < rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures, 30);
  return Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** doublings);
}

/** "30 秒" under a minute, else whole minutes (rounded up). */
const waitText = (seconds: number) =>
  seconds < 60 ? `${Math.max(1, Math.ceil(seconds))} 秒` : `${Math.ceil(seconds / 60)} 分钟`;

const refusal = (message: (wait: string) => string, seconds: number) => {
  const retryAt = new Date(Date.now() + Math.max(1, seconds) * 1000);
  return new ApiError("RATE_LIMITED", message(waitText(seconds)), {
    data: { retryAt: retryAt.toISOString() },
    headers: retryAfterHeader(retryAt),
  });
};

const loginRefusal = (seconds: number) => refusal((wait) => `登录失败次数过多，请 ${wait}后再试`, seconds);

/** A password check in progress: its rows in login_failures, and the key a success clears. */
export type Attempt = { ids: number[]; clearsKey: string };

/**
 * Records the attempt under every key first, as its own committed statement, and only then
 * counts, including it: of N concurrent attempts the k-th to commit sees at least k rows, so no
 * limit is passed by racing it. A refused attempt removes its rows (it tested nothing, and must
 * not lengthen anyone's wait). The rows of an attempt that goes on stay as failures unless
 * attemptSucceeded removes them.
 */
async function begin(
  db: Queryable,
  limits: WindowLimit[],
  extraKeys: string[],
  refuse: (seconds: number) => ApiError,
  extraCheck?: (ids: number[]) => Promise<number>,
): Promise<number[]> {
  const ids = await recordAttempts(db, [...limits.map((l) => l.key), ...extraKeys]);
  const counts = await attemptsInWindows(db, limits, ids);
  const waits = counts
    .filter((c) => c.n > limits.find((l) => l.key === c.key)!.max)
    .map((c) => c.retry_in ?? 60);
  if (extraCheck) waits.push(await extraCheck(ids));
  const wait = Math.max(0, ...waits);
  if (wait > 0) {
    await forgetAttempts(db, ids);
    throw refuse(wait);
  }
  return ids;
}

/** Before checking a password to sign in: the attempt, or a 429 saying how long to wait. */
export async function beginLogin(db: Queryable, account: string, clientKey: string): Promise<Attempt> {
  const { perAccountAndClient, perClient, perAccount } = LOGIN_LIMITS;
  const pairKey = `pair:${clientKey} ${account}`;
  const accountKey = `account:${account}`;
  const limits = [
    { key: pairKey, ...perAccountAndClient },
    { key: `client:${clientKey}`, ...perClient },
  ];
  const ids = await begin(db, limits, [accountKey], loginRefusal, async (ids) => {
    const pressure = await accountPressure(db, { accountKey, pairKey }, perAccount.windowMinutes, ids);
    if (pressure.sinceClientFailure === null) return 0; // this client has not failed here
    return accountDelaySeconds(pressure.failures) - pressure.sinceClientFailure;
  });
  return { ids, clearsKey: pairKey };
}

/** Before checking a signed-in session's current password: counted per session only. */
export async function beginConfirm(db: Queryable, sessionId: string): Promise<Attempt> {
  const key = `confirm:${sessionId}`;
  const ids = await begin(db, [{ key, ...CONFIRM_LIMIT }], [], (seconds) =>
    refusal((wait) => `密码错误次数过多，请 ${wait}后再试`, seconds),
  );
  return { ids, clearsKey: key };
}

/** Reset links tried by one client (a link is 256 bits: this bounds the password hashing, not guessing). */
export const RESET_LIMIT = { max: 10, windowMinutes: 15 } as const;

/** Before using a password reset link: the attempt, or a 429 saying how long to wait. */
export async function beginReset(db: Queryable, clientKey: string): Promise<Attempt> {
  const key = `reset:${clientKey}`;
  const ids = await begin(db, [{ key, ...RESET_LIMIT }], [], (seconds) =>
    refusal((wait) => `重置密码尝试次数过多，请 ${wait}后再试`, seconds),
  );
  return { ids, clearsKey: key };
}

/** Each account brings free AI points: one client may not create them without end. */
export async function countRegistration(db: Queryable, clientKey: string, perHour: number): Promise<void> {
  await begin(db, [{ key: `register:${clientKey}`, max: perHour, windowMinutes: 60 }], [], (seconds) =>
    refusal((wait) => `注册过于频繁，请 ${wait}后再试`, seconds),
  );
}

/**
 * The password was right: forget this attempt and this client's earlier failures on the
 * account (or the session's). The account's count stays: one success does not reset what
 * strangers' failures have earned them.
 */
export async function attemptSucceeded(db: Queryable, attempt: Attempt): Promise<void> {
  await forgetAttempts(db, attempt.ids, attempt.clearsKey);
}

import type { Queryable } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import { retryAfterHeader } from "../lib/retry.ts";
import { attemptsInWindow, forgetAttempts, recordAttempts } from "../stores/login-attempts.ts";

/** How many attempts per key a window allows, and what a refusal says. */
export type ThrottleRule = { max: number; windowMinutes: number; refusal: (minutes: number) => string };

export const LOGIN_RULE: ThrottleRule = {
  max: 5,
  windowMinutes: 15,
  refusal: (minutes) => `登录失败次数过多，请 ${minutes} 分钟后再试`,
};

/** Each account brings free AI points: one address may not create them without end. */
export const registerRule = (perHour: number): ThrottleRule => ({
  max: perHour,
  windowMinutes: 60,
  refusal: (minutes) => `注册过于频繁，请 ${minutes} 分钟后再试`,
});

/** A password check in progress: its rows in login_failures, one per key. */
export type Attempt = { ids: number[]; accountKey: string };

export const throttleKeys = (account: string, ip: string) => [`account:${account}`, `ip:${ip}`];

const minutesUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60_000));

/**
 * Call before checking a password (login, change password, delete account). Records the attempt
 * for every key first, as its own committed statement, and only then counts the window
 * including it: of N concurrent attempts the k-th to commit sees at least k rows, so at most
 * rule.max of them get to check a password; the rest answer 429 with the retry time.
 * A refused attempt removes its rows (it tested nothing, and must not extend the lock).
 * Then call attemptSucceeded on success; on failure the rows stay and count as failures.
 */
export async function beginAttempt(db: Queryable, keys: string[], rule = LOGIN_RULE): Promise<Attempt> {
  const ids = await recordAttempts(db, keys);
  const rows = await attemptsInWindow(db, keys, rule.windowMinutes, ids, rule.max);
  const blocked = rows.filter((r) => r.n > rule.max);
  if (blocked.length) {
    await forgetAttempts(db, ids);
    const times = blocked.map((r) => r.retry_at?.getTime() ?? Date.now() + rule.windowMinutes * 60_000);
    const retryAt = new Date(Math.max(...times));
    throw new ApiError("RATE_LIMITED", rule.refusal(minutesUntil(retryAt)), {
      data: { retryAt: retryAt.toISOString() },
      headers: retryAfterHeader(retryAt),
    });
  }
  return { ids, accountKey: keys[0]! };
}

/** The password was right: forget this attempt and the account's earlier failures. */
export async function attemptSucceeded(db: Queryable, attempt: Attempt): Promise<void> {
  await forgetAttempts(db, attempt.ids, attempt.accountKey);
}

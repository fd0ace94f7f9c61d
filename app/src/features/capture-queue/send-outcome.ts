import { isApiError } from "../../api/client.ts";

/**
 * What a failed send means for a queued capture:
 * - `wait`: keep it and try later, in order (offline, 5xx, 408, 429 — not before its Retry-After;
 *   a 401 until the same user signs in again);
 * - `gone`: the idea was made and then deleted (410): never bring it back, drop it;
 * - `refused`: any other 4xx: keep it with the server's reason, for 重试 or 删除.
 */
export type SendOutcome =
  | { kind: "wait"; retryAfterMs?: number }
  | { kind: "gone" }
  | { kind: "refused"; reason: string };

export function outcomeOf(error: unknown): SendOutcome {
  if (!isApiError(error)) return { kind: "wait" };
  const { status } = error;
  if (status === 410) return { kind: "gone" };
  if (status >= 400 && status < 500 && ![401, 408, 429].includes(status)) {
    return { kind: "refused", reason: error.message };
  }
  return error.retryAfterMs === null ? { kind: "wait" } : { kind: "wait", retryAfterMs: error.retryAfterMs };
}

const BASE_MS = 2_000;
const MAX_MS = 5 * 60_000;

/** Backoff between tries while the network is away or the server busy: 2 s, 4 s, 8 s … 5 min. */
export const retryDelay = (failures: number) => Math.min(BASE_MS * 2 ** Math.max(0, failures - 1), MAX_MS);

/** Seconds until `at`, at least 1: the value of a Retry-After header. */
export function retryAfterSeconds(at: Date, now = Date.now()): number {
  return Math.max(1, Math.ceil((at.getTime() - now) / 1000));
}

/** The Retry-After header for `at`. */
export const retryAfterHeader = (at: Date) => ({ "Retry-After": String(retryAfterSeconds(at)) });

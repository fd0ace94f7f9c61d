/** What public/boot.js started before the app's code ran: answers by absolute URL. */
export type BootPrefetch = { token: string; at: number; answers: Record<string, Promise<Response>> };

declare global {
  interface Window {
    __shinianEarly?: BootPrefetch;
  }
}

// Older than this and the answer may be stale (another tab saved something): ask again.
const FRESH_MS = 10_000;

/**
 * The answer boot.js already asked for, for this same GET with this same token, once and while
 * fresh; undefined (ask normally) otherwise, or when that request failed. The client treats it
 * like any answer, so a 401 still clears the session and leads to /login.
 */
export function takePrefetchedAnswer(
  request: Request,
  token: string | null,
  prefetch: BootPrefetch | undefined = globalThis.window?.__shinianEarly,
  now = Date.now(),
): Promise<Response | undefined> | undefined {
  const answer = prefetch?.answers[request.url];
  if (!answer) return undefined;
  delete prefetch.answers[request.url];
  if (request.method === "GET" && token === prefetch.token && now - prefetch.at < FRESH_MS)
    return answer.catch(() => undefined);
  return undefined;
}

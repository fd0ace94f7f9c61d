import type { AuthSnapshot, StoredUser, TokenStore } from "./token-store.ts";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export type AuthState = AuthSnapshot & { status: AuthStatus };

/** What checking the session ends in. */
export type CheckedStatus = Exclude<AuthStatus, "loading">;

/**
 * Loading at start; no token → unauthenticated; a token → authenticated with the stored
 * user. With a token we also ask the server (`verify`) so a revoked session does not linger;
 * any failure clears token and user — except no answer at all (offline), see below.
 */
export async function resolveAuth(
  store: TokenStore,
  verify: () => Promise<StoredUser>,
): Promise<CheckedStatus> {
  if (!store.getToken()) return "unauthenticated";
  try {
    store.setUser(await verify());
    return store.getToken() ? "authenticated" : "unauthenticated";
  } catch (error) {
    // Offline (no answer at all, status 0) is not an auth failure: keep the stored session so the
    // installed app opens offline; the first real answer (e.g. a 401) settles it.
    if ((error as { status?: unknown } | null)?.status === 0) return "authenticated";
    store.clearSession();
    return "unauthenticated";
  }
}

const PROBE_ORIGIN = "https://shinian.invalid";

/**
 * Only paths of this site are remembered: anything the URL parser would send elsewhere
 * (`https://evil.example`, `//evil.example`, `/\evil.example`, `/\t/evil.example`, …) leads
 * home, as does /login itself. Parsed the way the browser will parse it, not matched by pattern.
 */
export function safeRedirect(target: unknown): string {
  if (typeof target !== "string" || !target.startsWith("/")) return "/";
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith("/login")) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

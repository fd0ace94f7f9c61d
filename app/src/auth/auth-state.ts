import type { AuthSnapshot, StoredUser, TokenStore } from "./token-store.ts";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export type AuthState = AuthSnapshot & { status: AuthStatus };

/**
 * Seed §4: loading at start; no token → unauthenticated; a token → authenticated with the stored
 * user. With a token we also ask the server (`verify`) so a revoked session does not linger;
 * any failure clears token and user.
 */
export async function resolveAuth(store: TokenStore, verify: () => Promise<StoredUser>): Promise<AuthStatus> {
  if (!store.getToken()) return "unauthenticated";
  try {
    store.setUser(await verify());
    return store.getToken() ? "authenticated" : "unauthenticated";
  } catch {
    store.clearSession();
    return "unauthenticated";
  }
}

/** Only same-origin paths are remembered: `/login?redirect=https://evil.example` leads home. */
export function safeRedirect(target: unknown): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return "/";
  if (target.startsWith("/login")) return "/";
  return target;
}

import * as React from "react";
import { fetchMe, logout as logoutRequest } from "../api/auth.ts";
import { clearAllDrafts } from "../lib/draft.ts";
import { type AuthState, type AuthStatus, resolveAuth } from "./auth-state.ts";
import { type StoredUser, tokenStore } from "./token-store.ts";

export type AuthContextValue = AuthState & {
  login: (token: string, user: StoredUser) => void;
  updateUser: (patch: Partial<StoredUser>) => void;
  /** Revokes the session on the server (best effort) and clears all three keys. */
  logout: () => Promise<void>;
};

const AuthContext = React.createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: React.ReactNode }) {
  const snapshot = React.useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const [resolved, setResolved] = React.useState<AuthStatus>("loading");

  React.useEffect(() => {
    let live = true;
    resolveAuth(tokenStore, fetchMe).then((status) => {
      if (live) setResolved(status);
    });
    return () => {
      live = false;
    };
  }, []);

  const value = React.useMemo<AuthContextValue>(() => {
    const status: AuthStatus =
      resolved === "loading" ? "loading" : snapshot.token ? "authenticated" : "unauthenticated";
    return {
      ...snapshot,
      status,
      login: (token, user) => tokenStore.login(token, user),
      updateUser: (patch) => tokenStore.updateUser(patch),
      logout: async () => {
        if (tokenStore.getToken()) await logoutRequest().catch(() => undefined);
        clearAllDrafts();
        // The queue itself stays for this user's next sign-in; the token the worker sends with goes,
        // and so do the offline copies. Loaded here only: /login need not carry IndexedDB code.
        await Promise.all([
          import("../features/capture-queue/queue-store.ts").then((m) => m.forgetSession()),
          import("../lib/offline-copies.ts").then((m) => m.forgetOfflineCopies()),
        ]).catch(() => undefined);
        tokenStore.clearAll();
      },
    };
  }, [snapshot, resolved]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

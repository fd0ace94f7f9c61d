import * as React from "react";
import { fetchMe, logout as logoutRequest } from "../api/auth.ts";
import { clearDraftsOf } from "../lib/draft.ts";
import { type AuthState, type AuthStatus, type CheckedStatus, resolveAuth } from "./auth-state.ts";
import { type StoredUser, tokenStore } from "./token-store.ts";

export type AuthContextValue = AuthState & {
  login: (token: string, user: StoredUser) => void;
  updateUser: (patch: Partial<StoredUser>) => void;
  /**
   * Revokes the session on the server (best effort) and clears all three keys, this account's
   * drafts and the offline copies. Its unsynced captures stay queued, for this account only.
   */
  logout: () => Promise<void>;
  /** After the account was deleted: the same, and its queued captures go too. */
  forgetDeletedAccount: () => Promise<void>;
};

const AuthContext = React.createContext<AuthContextValue | null>(null);

export function AuthProvider({
  children,
  checked,
}: {
  children: React.ReactNode;
  /** The session was checked before the first render (main.tsx): its outcome. */
  checked?: CheckedStatus;
}) {
  const snapshot = React.useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const [resolved, setResolved] = React.useState<AuthStatus>(checked ?? "loading");

  React.useEffect(() => {
    if (checked) return;
    let live = true;
    resolveAuth(tokenStore, fetchMe).then((status) => {
      // The first screen after the check is a large render: in slices, the page stays responsive.
      if (live) React.startTransition(() => setResolved(status));
    });
    return () => {
      live = false;
    };
  }, [checked]);

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
        await forgetOnThisDevice({ keepQueue: true });
      },
      forgetDeletedAccount: () => forgetOnThisDevice({ keepQueue: false }),
    };
  }, [snapshot, resolved]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * What this browser keeps of the signed-in account goes. The capture queue and the offline copies
 * are loaded only here: /login need not carry IndexedDB code.
 */
async function forgetOnThisDevice({ keepQueue }: { keepQueue: boolean }) {
  const userId = tokenStore.get().user?.id;
  if (userId) clearDraftsOf(userId);
  await Promise.all([
    import("../features/capture-queue/queue-store.ts").then(async (queue) => {
      await queue.forgetSession();
      if (!keepQueue && userId)
        for (const item of await queue.queuedFor(userId)) await queue.dropQueued(item);
    }),
    import("../lib/offline-copies.ts").then((m) => m.forgetOfflineCopies()),
  ]).catch(() => undefined);
  tokenStore.clearAll();
}

export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

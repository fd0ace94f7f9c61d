import type { User } from "@shinian/contract";

/** localStorage keys; other clients and older builds read the same names, so they never change. */
export const AUTH_TOKEN_KEY = "auth_token";
export const USER_INFO_KEY = "user_info";
export const NEEDS_GUIDE_KEY = "needs_guide";
/** Set by the first sign-in on this device and kept after logout: /login then leads with 登录, not 注册. */
export const SIGNED_IN_BEFORE_KEY = "signed_in_before";

/** The user as the client keeps it: the server's user, with avatar, nickname and identityDescription possibly absent or null. */
export type StoredUser = Partial<User> & {
  avatar?: string | null;
  nickname?: string | null;
  identityDescription?: string | null;
};

export type AuthSnapshot = {
  token: string | null;
  user: StoredUser | null;
  needsGuide: boolean;
};

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** needs_guide is true while the user has neither described themself nor skipped it. */
export const needsGuideFor = (user: StoredUser | null) =>
  !user?.identityDescription?.trim() && !user?.settings?.guideSkipped;

/**
 * Framework-free auth state over localStorage: the React context and the API client both read
 * it, and the client can clear it on a 401 without knowing about React. Listeners hear every change.
 */
export function createTokenStore(storage: KeyValueStorage) {
  const listeners = new Set<(snapshot: AuthSnapshot) => void>();

  const readUser = (): StoredUser | null => {
    const raw = storage.getItem(USER_INFO_KEY);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      return parsed && typeof parsed === "object" ? (parsed as StoredUser) : null;
    } catch {
      return null;
    }
  };

  let snapshot: AuthSnapshot = {
    token: storage.getItem(AUTH_TOKEN_KEY),
    user: readUser(),
    needsGuide: storage.getItem(NEEDS_GUIDE_KEY) === "true",
  };

  // A session from before the flag existed counts: its device has signed in.
  if (snapshot.token) storage.setItem(SIGNED_IN_BEFORE_KEY, "1");

  const publish = (next: AuthSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener(snapshot);
  };

  const writeUser = (user: StoredUser) => {
    const needsGuide = needsGuideFor(user);
    storage.setItem(USER_INFO_KEY, JSON.stringify(user));
    storage.setItem(NEEDS_GUIDE_KEY, String(needsGuide));
    return needsGuide;
  };

  return {
    get: () => snapshot,
    signedInBefore: () => storage.getItem(SIGNED_IN_BEFORE_KEY) === "1",
    /** The person here has an account (e.g. just reset its password): /login leads with 登录. */
    rememberAccount: () => storage.setItem(SIGNED_IN_BEFORE_KEY, "1"),
    getToken: () => snapshot.token,
    subscribe(listener: (snapshot: AuthSnapshot) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Login/register: stores the token and the user and sets needs_guide. */
    login(token: string, user: StoredUser) {
      storage.setItem(AUTH_TOKEN_KEY, token);
      storage.setItem(SIGNED_IN_BEFORE_KEY, "1");
      const needsGuide = writeUser(user);
      publish({ token, user, needsGuide });
    },
    /** Replaces the whole user (e.g. after GET /api/auth/me). */
    setUser(user: StoredUser) {
      if (!snapshot.token) return;
      const needsGuide = writeUser(user);
      publish({ ...snapshot, user, needsGuide });
    },
    /** Merges a partial user into the stored one; does nothing when there is no user. */
    updateUser(patch: Partial<StoredUser>) {
      if (!snapshot.user) return;
      const user = { ...snapshot.user, ...patch };
      const needsGuide = writeUser(user);
      publish({ ...snapshot, user, needsGuide });
    },
    /** Any auth failure: token and user go; the guide flag is left to logout. */
    clearSession() {
      storage.removeItem(AUTH_TOKEN_KEY);
      storage.removeItem(USER_INFO_KEY);
      publish({ ...snapshot, token: null, user: null });
    },
    /** Logout: token, user and guide flag go. */
    clearAll() {
      storage.removeItem(AUTH_TOKEN_KEY);
      storage.removeItem(USER_INFO_KEY);
      storage.removeItem(NEEDS_GUIDE_KEY);
      publish({ token: null, user: null, needsGuide: false });
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

/** Keeps the app usable where localStorage throws (private modes, blocked storage). */
export function memoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== "undefined") return localStorage;
  } catch {
    // Access itself can throw when storage is blocked.
  }
  return memoryStorage();
}

/** The app's one store. */
export const tokenStore = createTokenStore(browserStorage());

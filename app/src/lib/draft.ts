import { tokenStore } from "../auth/token-store.ts";

const PREFIX = "shinian:draft:";

/**
 * Drafts kept in localStorage, per account: `shinian:draft:<userId>/<key>`, so another account
 * signing in on the same browser never sees them. The hooks are in hooks/use-draft.ts.
 */
const ownerOf = () => tokenStore.get().user?.id ?? "signed-out";
const storageKey = (key: string, owner = ownerOf()) => `${PREFIX}${owner}/${key}`;
// Before drafts were per account they were kept as `shinian:draft:<key>` (keys hold no "/").
const legacyKey = (key: string) => PREFIX + key;

export const readDraft = (key: string) => {
  try {
    const own = localStorage.getItem(storageKey(key));
    if (own !== null) return own;
    // A draft from before drafts were per account is taken over by whoever reads it first, once:
    // nothing typed is lost, and from then on it is that account's.
    const legacy = localStorage.getItem(legacyKey(key));
    if (legacy === null || !tokenStore.get().user) return "";
    localStorage.setItem(storageKey(key), legacy);
    localStorage.removeItem(legacyKey(key));
    return legacy;
  } catch {
    return "";
  }
};

export const writeDraft = (key: string, value: string) => {
  try {
    if (value) localStorage.setItem(storageKey(key), value);
    else localStorage.removeItem(storageKey(key));
  } catch {
    // Storage full or blocked: the text stays in memory.
  }
};

/**
 * 退出登录 and account deletion: this account's drafts go (on a shared computer the next person
 * must not find these words), and so do the unattributed ones from before drafts were per account.
 */
export function clearDraftsOf(userId: string) {
  try {
    for (const key of Object.keys(localStorage)) {
      const rest = key.startsWith(PREFIX) ? key.slice(PREFIX.length) : null;
      if (rest !== null && (rest.startsWith(`${userId}/`) || !rest.includes("/")))
        localStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

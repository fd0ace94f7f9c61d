const PREFIX = "shinian:draft:";

/** Drafts kept in localStorage under one prefix; the hooks are in hooks/use-draft.ts. */
export const readDraft = (key: string) => {
  try {
    return localStorage.getItem(PREFIX + key) ?? "";
  } catch {
    return "";
  }
};

export const writeDraft = (key: string, value: string) => {
  try {
    if (value) localStorage.setItem(PREFIX + key, value);
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage full or blocked: the text stays in memory.
  }
};

/** Explicit logout on a shared computer: the next person must not find these words. */
export function clearAllDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

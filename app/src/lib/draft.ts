import * as React from "react";

const PREFIX = "shinian:draft:";

const read = (key: string) => {
  try {
    return localStorage.getItem(PREFIX + key) ?? "";
  } catch {
    return "";
  }
};

const write = (key: string, value: string) => {
  try {
    if (value) localStorage.setItem(PREFIX + key, value);
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // Storage full or blocked: the text stays in memory.
  }
};

/**
 * Text that survives a reload, a 401 trip to /login and going offline (PRODUCT §5): kept in
 * localStorage on every change, cleared once the server has it or by an explicit logout.
 */
export function useDraft(key: string) {
  const [value, setValue] = React.useState(() => read(key));
  const update = React.useCallback(
    (next: string) => {
      setValue(next);
      write(key, next);
    },
    [key],
  );
  return [value, update] as const;
}

/**
 * One field of an open editor: the saved value until the user edits it; the edit (an emptied
 * field too) survives a reload or a trip to /login until `clear`, after a save.
 */
export function useEditedField(key: string, saved: string) {
  const [edited, setEdited] = React.useState<string | null>(() => {
    const stored = read(key);
    if (!stored) return null;
    try {
      const value: unknown = JSON.parse(stored);
      return typeof value === "string" ? value : null;
    } catch {
      return null;
    }
  });
  const update = React.useCallback(
    (next: string) => {
      setEdited(next);
      write(key, JSON.stringify(next));
    },
    [key],
  );
  const clear = React.useCallback(() => {
    setEdited(null);
    write(key, "");
  }, [key]);
  return [edited ?? saved, update, clear] as const;
}

/** Explicit logout on a shared computer: the next person must not find these words. */
export function clearAllDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

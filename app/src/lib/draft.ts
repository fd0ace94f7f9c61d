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
 * localStorage on every change, cleared only once the server has it. Logout does not touch it.
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

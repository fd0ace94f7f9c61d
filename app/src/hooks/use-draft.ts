import * as React from "react";
import { readDraft, writeDraft } from "../lib/draft.ts";

/**
 * Text that survives a reload, a 401 trip to /login and going offline, so nothing typed is lost: kept in
 * localStorage on every change, cleared once kept elsewhere (the capture queue, the server) or by
 * an explicit logout.
 */
export function useDraft(key: string) {
  const [value, setValue] = React.useState(() => readDraft(key));
  const update = React.useCallback(
    (next: string) => {
      setValue(next);
      writeDraft(key, next);
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
    const stored = readDraft(key);
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
      writeDraft(key, JSON.stringify(next));
    },
    [key],
  );
  const clear = React.useCallback(() => {
    setEdited(null);
    writeDraft(key, "");
  }, [key]);
  return [edited ?? saved, update, clear] as const;
}

import * as React from "react";
import { isSearchShortcut } from "../../lib/search-shortcut";

/** Focuses the referenced input on `/` (outside other text fields) and on ⌘/Ctrl+K. */
export function useSearchPillShortcut(ref: React.RefObject<HTMLInputElement | null>, enabled = true) {
  React.useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const input = ref.current;
      if (event.defaultPrevented || !input || !input.isConnected || input.disabled) return;
      if (input.getClientRects().length === 0 || !isSearchShortcut(event)) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [ref, enabled]);
}

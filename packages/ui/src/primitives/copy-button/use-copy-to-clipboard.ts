import { useCallback, useEffect, useRef, useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

export type UseCopyToClipboardOptions = {
  /** How long `copied` / `failed` is shown before returning to `idle`. */
  resetAfterMs?: number;
  /** Called with the text after it reached the clipboard. */
  onCopied?: (text: string) => void;
};

/** Writes text to the clipboard and reports `copied` or `failed` for `resetAfterMs`, then `idle`. */
export function useCopyToClipboard({ resetAfterMs = 3000, onCopied }: UseCopyToClipboardOptions = {}) {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      clearTimeout(timer.current);
      let next: CopyState = "copied";
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        next = "failed";
      }
      setState(next);
      if (next === "copied") onCopied?.(text);
      timer.current = setTimeout(() => setState("idle"), resetAfterMs);
      return next === "copied";
    },
    [resetAfterMs, onCopied],
  );

  return { state, copy };
}

import { useRouter } from "@tanstack/react-router";
import * as React from "react";

/**
 * Asks before leaving the page while `dirty` (an edit not saved): moves inside the app wait for
 * the page's own dialog (`blocked`, then `proceed` or `stay`), and a reload or close gets the
 * browser's question (the draft is kept then anyway). The router's history.block directly, not
 * its useBlocker, whose code would join every first screen's router chunk.
 */
export function useLeaveGuard(dirty: boolean) {
  const router = useRouter();
  const [answer, setAnswer] = React.useState<((block: boolean) => void) | null>(null);
  const dirtyNow = React.useRef(dirty);
  dirtyNow.current = dirty;
  React.useEffect(
    () =>
      router.history.block({
        blockerFn: () =>
          dirtyNow.current ? new Promise<boolean>((resolve) => setAnswer(() => resolve)) : false,
        enableBeforeUnload: () => dirtyNow.current,
      }),
    [router],
  );
  const settle = (block: boolean) => {
    answer?.(block);
    setAnswer(null);
  };
  return { blocked: answer !== null, proceed: () => settle(false), stay: () => settle(true) };
}

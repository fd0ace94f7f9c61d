import { useBlocker } from "@tanstack/react-router";

/**
 * Asks before leaving the page while `dirty` (an edit not saved): the router's blocker for moves
 * inside the app, which the page answers with its own dialog (`status`, `proceed`, `reset`), and
 * the browser's own question on reload or close (the draft is kept then anyway).
 */
export function useLeaveGuard(dirty: boolean) {
  return useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
}

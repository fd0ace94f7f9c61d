import type { Idea } from "@shinian/contract";
import * as React from "react";
import { fetchIdea, fetchPendingIdeaIds } from "../api/items.ts";
import { itemsChanged } from "../lib/items-changed.ts";

/** How often a screen re-reads an idea that 自动整理 is still working on. */
const PENDING_POLL_MS = 2000;

/**
 * 自动整理 runs on the server after capture: asks which ideas are still pending, one request per
 * tick however many are watched, and reads an idea again only once it has left that list (the
 * server reports a claim left by a dead process as failed, so this ends).
 */
export function usePendingIdeas(ids: string[], onLanded: (idea: Idea) => void) {
  const key = ids.join();
  const landed = React.useRef(onLanded);
  landed.current = onLanded;
  React.useEffect(() => {
    if (!key) return;
    let ticks = 0;
    const timer = setInterval(async () => {
      // the live stream tells a tidy that lands (its page reads it again): then only every 8th tick,
      // for one that ended without changing the idea
      if (itemsChanged.live && ++ticks % 8) return;
      const pending = await fetchPendingIdeaIds().catch(() => null);
      if (!pending) return;
      for (const id of key.split(",")) {
        if (pending.has(id)) continue;
        const idea = await fetchIdea(id).catch(() => null);
        if (idea && idea.aiStatus !== "pending") landed.current(idea);
      }
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [key]);
}

import type { FeedItem, LiveEvent } from "@shinian/contract";
import type * as React from "react";
import type { FeedType } from "../api/items.ts";

/**
 * What another device did, as the live stream tells it (features/live/): one item changed; the
 * stream opened with no position to resume from, so what changed since the screen loaded is read
 * once (`resync`); or too much was missed and everything is read again (`reload`).
 */
export type LiveChange = { kind: "change"; event: LiveEvent } | { kind: "resync" } | { kind: "reload" };

/** 首页's feed as the live code updates it (features/live/live-feed.ts). */
export type LiveFeed = {
  type: FeedType;
  tag: string | undefined;
  generation: React.RefObject<number>;
  setItems: React.Dispatch<React.SetStateAction<FeedItem[]>>;
  setCursor: React.Dispatch<React.SetStateAction<string | null>>;
  restart: () => void;
};

const listeners = new Set<(change?: LiveChange) => void>();

/**
 * Items came back, went away or changed outside the screen showing them: 撤销 of a delete (from a
 * toast that outlives its screen), or another device (`change`, from the live stream loaded after
 * the first paint). Lists that hold their own pages (首页's feed, its tags) read them again. Part of
 * the first screen, so it holds no logic: the code acting on a live change comes with the stream.
 */
export const itemsChanged = {
  /** The live stream is open: a change will be told, so polling for one can slow down. */
  live: false,
  updateFeed: null as ((change: LiveChange, feed: LiveFeed) => void) | null,
  emit(change?: LiveChange) {
    for (const listener of listeners) listener(change);
  },
  subscribe(listener: (change?: LiveChange) => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

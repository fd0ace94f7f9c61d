import type { LiveEvent } from "@shinian/contract";
import { fetchMe } from "../../api/auth.ts";
import { followLiveEvents } from "../../api/live-events.ts";
import { type StoredUser, tokenStore } from "../../auth/token-store.ts";
import { insightKeys } from "../../data/insights.ts";
import { itemKeys } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { reviewKeys } from "../../data/review.ts";
import { trashKeys } from "../../data/trash.ts";
import { itemsChanged } from "../../lib/items-changed.ts";
import { updateFeed } from "./live-feed.ts";

/** What a change makes stale in the query cache: the item (its versions with it), 回收站, 每日回顾, 相关内容. */
function invalidate(event: LiveEvent) {
  if (event.itemType === "review") {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.today });
    return;
  }
  if (event.id) {
    const key = itemKeys.item(event.itemType, event.id);
    if (event.type.endsWith(".deleted")) queryClient.removeQueries({ queryKey: key });
    else void queryClient.invalidateQueries({ queryKey: key });
  }
  void queryClient.invalidateQueries({ queryKey: trashKeys.list });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.today });
  void queryClient.invalidateQueries({ queryKey: ["related"] });
}

/**
 * The signed-in person as the server has them now, for the unread 周报/月报 badge (a digest saved,
 * or read on another device): only its count is taken, and only while the same person is signed in.
 */
export async function refreshAccount(userId: string, read: () => Promise<StoredUser> = fetchMe) {
  // one request at a time: events close together ask once more after it, so an older answer
  // arriving last never overwrites a newer count
  if (refreshing) {
    refreshAgain = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      refreshAgain = false;
      const me = await read().catch(() => null);
      if (!me || tokenStore.get().user?.id !== userId || !tokenStore.getToken()) continue;
      if (me.id !== userId || me.unreadDigests === tokenStore.get().user?.unreadDigests) continue;
      tokenStore.updateUser({ unreadDigests: me.unreadDigests });
      void queryClient.invalidateQueries({ queryKey: insightKeys.all });
    } while (refreshAgain);
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}
let refreshing: Promise<void> | null = null;
let refreshAgain = false;

let following: AbortController | null = null;
let followingFor: string | null = null;

/** Follows the signed-in person's live stream, and only theirs: a sign-out or another sign-in ends it. */
function sync() {
  const { token, user } = tokenStore.get();
  const userId = token ? (user?.id ?? null) : null;
  if (userId === followingFor) return;
  following?.abort();
  following = null;
  followingFor = userId;
  if (!userId) return;
  const controller = new AbortController();
  following = controller;
  let wasConnected = false;
  void followLiveEvents(controller.signal, {
    onEvent: (event) => {
      invalidate(event);
      itemsChanged.emit({ kind: "change", event });
    },
    onAccount: () => void refreshAccount(userId),
    onReload: () => {
      void queryClient.invalidateQueries();
      itemsChanged.emit({ kind: "reload" });
    },
    onConnected: (connected, resumed) => {
      itemsChanged.live = connected && !controller.signal.aborted;
      // an account change while it was away is not replayed: read it again on a reconnect. Not on
      // the first connection, which follows the start's own GET /api/auth/me (a read there could
      // also take the page to /login under a keystroke that was about to queue a capture)
      if (connected && wasConnected) void refreshAccount(userId);
      if (connected) wasConnected = true;
      // opened afresh: what changed between loading the screen and now was told to no stream
      if (connected && !resumed) {
        void queryClient.invalidateQueries();
        itemsChanged.emit({ kind: "resync" });
      }
    },
  });
}

/** Started once, after the first paint (main.tsx): the stream is not part of the first screen. */
export function startLiveSync() {
  itemsChanged.updateFeed = updateFeed;
  tokenStore.subscribe(sync);
  sync();
}

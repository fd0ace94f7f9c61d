import { accessTokensQuery, ledgerQuery, pointsQuery, profileQuery, sessionsQuery } from "./account.ts";
import { conversationsQuery } from "./chat.ts";
import { type ItemKind, itemQuery } from "./items.ts";
import { queryClient } from "./query-client.ts";
import { onThisDayQuery, reviewTodayQuery } from "./review.ts";
import { trashQuery } from "./trash.ts";

// What route loaders call: each starts its screen's queries (on navigation, and on hover with the
// router's `intent` preload) without waiting for them, so the screen still draws its frame at once
// with its own loading state. Loaders import this module lazily: Query stays off the first screens.

export function prefetchAiPoints() {
  void queryClient.prefetchQuery(pointsQuery);
  void queryClient.prefetchInfiniteQuery(ledgerQuery);
}

export function prefetchPrivacySecurity() {
  void queryClient.prefetchQuery(sessionsQuery);
  void queryClient.prefetchQuery(accessTokensQuery);
}

export function prefetchProfile() {
  void queryClient.prefetchQuery(profileQuery);
}

export function prefetchItem(kind: ItemKind, id: string) {
  void queryClient.prefetchQuery(itemQuery(kind, id));
}

export function prefetchChat() {
  void queryClient.prefetchQuery(conversationsQuery());
}

export function prefetchTrash() {
  void queryClient.prefetchQuery(trashQuery);
}

export function prefetchReview() {
  void queryClient.prefetchQuery(reviewTodayQuery);
  void queryClient.prefetchQuery(onThisDayQuery);
}

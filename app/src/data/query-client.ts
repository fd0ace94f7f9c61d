import { QueryClient } from "@tanstack/react-query";
import { tokenStore } from "../auth/token-store.ts";

/**
 * The one cache of server data for the screens under the `_data` layout route. No retries: a
 * refused call has a Chinese message to show, and each call shows exactly one answer. Data is
 * fresh for 30 s, so going back to a screen shows it at once and reads it again behind the scenes.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// Another account's data must never show: a sign-out, a 401 or a different sign-in empties the cache.
let cachedFor = tokenStore.get().user?.id ?? null;
tokenStore.subscribe(() => {
  const userId = tokenStore.get().user?.id ?? null;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});

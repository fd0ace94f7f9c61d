import { PageLoading } from "@shinian/ui";
import { createRouter } from "@tanstack/react-router";
import { setUnauthorizedNavigator } from "./api/unauthorized.ts";
import { tokenStore } from "./auth/token-store.ts";
import { routeTree } from "./routeTree.gen.ts";

export const router = createRouter({
  routeTree,
  context: { auth: { get: tokenStore.get } },
  defaultPreload: "intent",
  scrollRestoration: true,
  // Route screens are split into chunks (autoCodeSplitting); show 加载中... while one loads.
  defaultPendingComponent: () => <PageLoading />,
  defaultPendingMs: 150,
  defaultPendingMinMs: 200,
});

// A 401 anywhere: go to /login inside the SPA (unsaved drafts in memory and localStorage survive).
setUnauthorizedNavigator(({ redirect }) => {
  void router.navigate({ to: "/login", search: { redirect }, replace: true });
});

// Guards re-run whenever the token or user changes (login, logout, a 401 clearing the session).
// Only once the router has matched a page: /login's own entry imports it early (warm-up), and a
// sign-in there must not run /login's guard, which sent the person to / instead of ?redirect=.
tokenStore.subscribe(() => {
  if (router.state.matches.length > 0) void router.invalidate();
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}

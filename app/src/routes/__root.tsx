import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { tokenStore } from "../auth/token-store.ts";
import { RootLayout } from "../features/layout/root-layout.tsx";

export type RouterContext = {
  /** Live auth snapshot: guards read it at navigation time, so they never see a stale copy. */
  auth: { get: typeof tokenStore.get };
};

// The context is declared here, where the route tree starts, so router.tsx → routeTree.gen.ts →
// __root.tsx never leads back to router.tsx.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootLayout>
      <Outlet />
    </RootLayout>
  ),
});

import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { RootLayout } from "../features/layout/root-layout.tsx";
import type { RouterContext } from "../router.tsx";

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <RootLayout>
      <Outlet />
    </RootLayout>
  ),
});

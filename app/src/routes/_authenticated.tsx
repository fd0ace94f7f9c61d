import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

/**
 * Every protected screen sits under this pathless layout. Not an authorization boundary: the
 * server checks every request; this only keeps the user on screens that can work.
 */
export const Route = createFileRoute("/_authenticated")({
  beforeLoad: ({ context, location }) => {
    const auth = context.auth.get();
    if (!auth.token) {
      throw redirect({ to: "/login", search: { redirect: location.href }, replace: true });
    }
    if (auth.needsGuide && location.pathname !== "/guide") {
      throw redirect({ to: "/guide", replace: true });
    }
  },
  component: Outlet,
  // The router's own Outlet: a chunk of its own would be one more request on every signed-in load.
  codeSplitGroupings: [["loader"]],
});

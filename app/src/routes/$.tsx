import { createFileRoute, redirect } from "@tanstack/react-router";

/** Any path outside the route table goes home (seed §2). */
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw redirect({ to: "/", replace: true });
  },
});

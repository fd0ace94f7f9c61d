import { createFileRoute, redirect } from "@tanstack/react-router";

/** Any path outside the route table goes home: there is no not-found page. */
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw redirect({ to: "/", replace: true });
  },
});

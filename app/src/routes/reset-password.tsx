import { createFileRoute, useLocation } from "@tanstack/react-router";
import * as React from "react";
import { ResetPasswordScreen } from "../features/auth/reset-password-screen.tsx";

export const Route = createFileRoute("/reset-password")({
  component: ResetPasswordRoute,
});

/**
 * `/reset-password#token=…`: after the `#`, the token is never sent, so no access log holds it.
 * Once read, it leaves the address bar (and the history entry), so it is not in a screenshot, a
 * shared screen or the next person's back button.
 */
function ResetPasswordRoute() {
  const hash = useLocation({ select: (location) => location.hash });
  const [token] = React.useState(() => new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? undefined);
  React.useEffect(() => {
    if (!window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, "", pathname + search);
  }, []);
  return <ResetPasswordScreen token={token} />;
}

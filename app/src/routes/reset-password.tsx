import { createFileRoute, useLocation } from "@tanstack/react-router";
import { ResetPasswordScreen } from "../features/auth/reset-password-screen.tsx";

export const Route = createFileRoute("/reset-password")({
  component: ResetPasswordRoute,
});

/** `/reset-password#token=…`: after the `#`, the token is never sent, so no access log holds it. */
function ResetPasswordRoute() {
  const hash = useLocation({ select: (location) => location.hash });
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? undefined;
  return <ResetPasswordScreen token={token} />;
}

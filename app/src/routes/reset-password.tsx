import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordScreen } from "../features/auth/reset-password-screen.tsx";

type ResetSearch = { token?: string };

export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === "string" ? { token: search.token } : {},
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  return <ResetPasswordScreen token={Route.useSearch().token} />;
}

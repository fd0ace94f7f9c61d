import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginScreen } from "../features/auth/login-screen.tsx";

type LoginSearch = { redirect?: string };

export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  beforeLoad: ({ context }) => {
    if (context.auth.get().token) throw redirect({ to: "/", replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  return <LoginScreen redirect={Route.useSearch().redirect} />;
}

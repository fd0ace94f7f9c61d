import { AuthChecking } from "@shinian/ui";
import { RouterProvider } from "@tanstack/react-router";
import { useAuth } from "./auth/auth-context.tsx";
import { router } from "./router.tsx";

/** The whole app behind TanStack Router; rendered inside <AuthProvider>. */
export default function RouterApp() {
  const auth = useAuth();
  // Guards need a settled answer: until GET /api/auth/me has replied, show 正在检查登录状态...
  if (auth.status === "loading") return <AuthChecking />;
  return <RouterProvider router={router} />;
}

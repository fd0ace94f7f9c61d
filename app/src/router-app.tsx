import { AuthChecking } from "@shinian/ui";
import { RouterProvider } from "@tanstack/react-router";
import * as React from "react";
import { useAuth } from "./auth/auth-context.tsx";
import { router } from "./router.tsx";

/** The whole app behind TanStack Router; rendered inside <AuthProvider>. */
export default function RouterApp() {
  const auth = useAuth();
  const checking = auth.status === "loading";
  // While GET /api/auth/me is on its way, the screen's code and first data are already loading
  // (guards read the stored session, and a refused one still ends on /login).
  React.useEffect(() => {
    if (!checking) return;
    void router.preloadRoute({ to: ".", search: true, hash: true }).catch(() => undefined);
  }, [checking]);
  // Guards need a settled answer: until GET /api/auth/me has replied, show 正在检查登录状态...
  if (checking) return <AuthChecking />;
  return <RouterProvider router={router} />;
}

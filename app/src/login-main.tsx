import { PageLoading } from "@shinian/ui";
import * as React from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider } from "./auth/auth-context.tsx";
import { tokenStore } from "./auth/token-store.ts";
import { LoginScreen } from "./features/auth/login-screen.tsx";
import { OfflineNotice } from "./features/layout/offline-notice.tsx";
import { type Go, NavigationProvider } from "./lib/navigation.tsx";
import { registerServiceWorker } from "./lib/register-service-worker.ts";
import "./styles.css";

// /login's own entry (login.html): the first screen most people see carries React and the form,
// not the router and the app. Leaving /login, the address changes in place and the router app
// takes over in the same page, so nothing reloads.
const loadRouterApp = () => import("./router-app.tsx");
const RouterApp = React.lazy(loadRouterApp);

function LoginEntry() {
  // Someone already signed in who opens /login goes to the router app, which sends them home.
  const [leaving, setLeaving] = React.useState(() => Boolean(tokenStore.getToken()));
  const go = React.useCallback<Go>((to, options) => {
    window.history[options?.replace ? "replaceState" : "pushState"](null, "", to);
    setLeaving(true);
  }, []);
  // The app's code starts loading as the person starts on the form, so signing in does not wait for it.
  React.useEffect(() => {
    const warm = () => void loadRouterApp();
    document.addEventListener("focusin", warm, { once: true });
    document.addEventListener("pointerdown", warm, { once: true });
    return () => {
      document.removeEventListener("focusin", warm);
      document.removeEventListener("pointerdown", warm);
    };
  }, []);
  if (leaving) {
    return (
      <React.Suspense fallback={<PageLoading />}>
        <RouterApp />
      </React.Suspense>
    );
  }
  const redirect = new URLSearchParams(window.location.search).get("redirect") ?? undefined;
  return (
    <NavigationProvider value={go}>
      <OfflineNotice />
      <LoginScreen redirect={redirect} />
    </NavigationProvider>
  );
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from login.html");
createRoot(root).render(
  <React.StrictMode>
    <AuthProvider>
      <LoginEntry />
    </AuthProvider>
  </React.StrictMode>,
);
registerServiceWorker();

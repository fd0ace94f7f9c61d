import { AuthChecking } from "@shinian/ui";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider, useAuth } from "./auth/auth-context.tsx";
import { appConfig } from "./config/index.ts";
import { router } from "./router.tsx";
import "./styles.css";

function App() {
  const auth = useAuth();
  // Guards need a settled answer: until GET /api/auth/me has replied, show 正在检查登录状态...
  if (auth.status === "loading") return <AuthChecking />;
  return <RouterProvider router={router} />;
}

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <App />
    </AuthProvider>
  </StrictMode>,
);

// The service worker caches the app shell so the app opens offline (seed §9: PWA on by default).
if (appConfig.pwaEnabled && import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}

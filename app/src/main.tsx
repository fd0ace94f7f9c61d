import { cn } from "@shinian/ui";
import * as ky from "ky";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { fetchMe } from "./api/auth.ts";
import { api } from "./api/client.ts";
import { AuthProvider } from "./auth/auth-context.tsx";
import { resolveAuth } from "./auth/auth-state.ts";
import { tokenStore } from "./auth/token-store.ts";
import { registerServiceWorker } from "./lib/register-service-worker.ts";
import { router } from "./router.tsx";
import RouterApp from "./router-app.tsx";
import "./styles.css";

// The router app asks the server at once (GET /api/auth/me): its HTTP client comes with the entry,
// preloaded beside it, not one round trip later as on /login, where it loads with the first request.
api.provideKy(ky);

// Every path but a first visit to /login, which has its own entry (login-main.tsx).
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// React renders once the session is checked and the screen's route has loaded: the screen then
// mounts whole, as one transition that React renders in slices. Rendered before, the router's
// state changes after mounting re-rendered the app shell and the screen in one blocking task
// (the router's stores are external stores: their updates are never transitions). Until then
// index.html's first frame, the same as <AuthChecking />, stays on screen.
const session = resolveAuth(tokenStore, fetchMe);
// While the answer is awaited, in tasks of their own: the screen's code and first data start
// loading (guards read the stored session, and a refused one still ends on /login), and
// tailwind-merge builds its class map, which the first cn() would otherwise build inside the render.
setTimeout(() => void router.preloadRoute({ to: ".", search: true, hash: true }).catch(() => undefined));
setTimeout(() => cn("p-0"));
void session
  .catch(() => undefined)
  .then(async (checked) => {
    await router.load().catch(() => undefined);
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          {/* Without a settled answer (it threw), the provider checks the session itself. */}
          <AuthProvider checked={checked}>
            <RouterApp />
          </AuthProvider>
        </StrictMode>,
      );
    });
  });
registerServiceWorker();
// The live stream of other devices' changes, after the first screen is up (its code is not part of it).
window.addEventListener("load", () => {
  setTimeout(() => void import("./features/live/live-sync.ts").then((live) => live.startLiveSync()), 3000);
});

import * as ky from "ky";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { api } from "./api/client.ts";
import { AuthProvider } from "./auth/auth-context.tsx";
import { registerServiceWorker } from "./lib/register-service-worker.ts";
import RouterApp from "./router-app.tsx";
import "./styles.css";

// The router app asks the server at once (GET /api/auth/me): its HTTP client comes with the entry,
// preloaded beside it, not one round trip later as on /login, where it loads with the first request.
api.provideKy(ky);

// Every path but a first visit to /login, which has its own entry (login-main.tsx).
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
createRoot(root).render(
  <StrictMode>
    <AuthProvider>
      <RouterApp />
    </AuthProvider>
  </StrictMode>,
);
registerServiceWorker();

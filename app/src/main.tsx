import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AuthProvider } from "./auth/auth-context.tsx";
import { registerServiceWorker } from "./lib/register-service-worker.ts";
import RouterApp from "./router-app.tsx";
import "./styles.css";

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

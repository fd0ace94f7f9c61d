import { appConfig } from "../config/index.ts";

/** The service worker caches the app shell so the app opens offline (on unless the build turns PWA off). */
export function registerServiceWorker() {
  if (!appConfig.pwaEnabled || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  });
}

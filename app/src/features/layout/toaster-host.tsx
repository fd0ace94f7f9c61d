import { ToastViewport } from "@shinian/ui";
import * as React from "react";
import { toaster } from "../../lib/toaster.ts";

const loadToastView = () => import("./toast-view.tsx");
const ToastView = React.lazy(loadToastView);

/** Starts loading the toast's code before it is needed (a delete about to offer 撤销). */
export const preloadToastView = () => void loadToastView().catch(() => undefined);

/**
 * Draws the app's toast (lib/toaster.ts) on every screen; mounted once, in the root layout. The
 * live region is always there (screen readers announce what enters it); the toast's code loads
 * with the first toast.
 */
export function ToasterHost() {
  const toast = React.useSyncExternalStore(toaster.subscribe, toaster.get, toaster.get);
  return (
    <ToastViewport>
      {toast ? (
        <React.Suspense fallback={null}>
          <ToastView key={toast.id} toast={toast} />
        </React.Suspense>
      ) : null}
    </ToastViewport>
  );
}

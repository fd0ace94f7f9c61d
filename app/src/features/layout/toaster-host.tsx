import { Toast, ToastViewport } from "@shinian/ui";
import * as React from "react";
import { toaster } from "../../lib/toaster.ts";

/** Draws the app's toast (lib/toaster.ts) on every screen; mounted once, in the root layout. */
export function ToasterHost() {
  const toast = React.useSyncExternalStore(toaster.subscribe, toaster.get, toaster.get);
  return (
    <ToastViewport>
      {toast ? (
        <Toast
          key={toast.id}
          message={toast.message}
          tone={toast.tone}
          actionLabel={toast.action?.label}
          onAction={toast.action?.run}
          duration={toast.duration}
          onDismiss={() => toaster.dismiss(toast.id)}
        />
      ) : null}
    </ToastViewport>
  );
}

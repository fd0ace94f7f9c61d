import { Toast } from "@shinian/ui";
import { type ShownToast, toaster } from "../../lib/toaster.ts";

/** The toast itself: loaded with the first one (or ahead of it, preloadToastView), off 首页's first screen. */
export default function ToastView({ toast }: { toast: ShownToast }) {
  return (
    <Toast
      message={toast.message}
      tone={toast.tone}
      actionLabel={toast.action?.label}
      onAction={toast.action?.run}
      duration={toast.duration}
      onDismiss={() => toaster.dismiss(toast.id)}
    />
  );
}

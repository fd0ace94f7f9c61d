import type * as React from "react";
import { cn } from "../../lib/cn";

export type ToastViewportProps = React.ComponentProps<"div">;

/**
 * Where toasts show: bottom centre, above the phone's home bar. Kept on the page while empty, so
 * that screen readers, which watch a live region from when it appears, read each toast put in it.
 */
export function ToastViewport({ className, children, ...props }: ToastViewportProps) {
  return (
    <div
      data-slot="toast-viewport"
      role="status"
      aria-live="polite"
      aria-atomic="false"
      className={cn(
        "pointer-events-none fixed inset-x-0 bottom-0 z-floating flex flex-col items-center gap-2 px-3 pb-[max(1rem,env(safe-area-inset-bottom))]",
        className,
      )}
      {...props}
    >
      {children}
    </div>
  );
}

import * as React from "react";
import { cn } from "../../lib/cn";

export type ToastViewportProps = React.ComponentProps<"div"> & {
  /** The key that takes the keyboard to the toast's first button, as Radix's viewport does (F8). */
  hotkey?: string;
};

/**
 * Where toasts show: bottom centre, above the phone's home bar. Kept on the page while empty, so
 * that screen readers, which watch a live region from when it appears, read each toast put in it.
 * It sits after everything else on the page: `hotkey` (F8) reaches it at once, and a toast holds
 * while focused, so 撤销 can be reached in time.
 */
export function ToastViewport({ className, children, hotkey = "F8", ...props }: ToastViewportProps) {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== hotkey || event.altKey || event.ctrlKey || event.metaKey) return;
      const first = ref.current?.querySelector<HTMLElement>("button, a[href]");
      if (!first) return;
      event.preventDefault();
      first.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [hotkey]);
  return (
    <div
      ref={ref}
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

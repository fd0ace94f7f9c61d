import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";

export const toastVariants = cva(
  "pointer-events-auto flex w-full max-w-md items-center gap-1 rounded-lg border py-1.5 pr-1.5 pl-4 text-sm shadow-lg",
  {
    variants: {
      tone: {
        default: "border-border bg-foreground text-background",
        error: "border-error bg-error text-error-foreground",
      },
    },
    defaultVariants: { tone: "default" },
  },
);

export type ToastTone = NonNullable<VariantProps<typeof toastVariants>["tone"]>;

export type ToastProps = Omit<React.ComponentProps<"div">, "children"> &
  VariantProps<typeof toastVariants> & {
    message: string;
    /** The one action it offers, e.g. 撤销. */
    actionLabel?: string;
    onAction?: () => void;
    /** Called when it times out, is closed, or its action ran. */
    onDismiss?: () => void;
    /** Milliseconds until it goes by itself (paused while pointed at or focused); null: stays. */
    duration?: number | null;
    closeLabel?: string;
  };

const actionClass =
  "inline-flex h-11 shrink-0 cursor-pointer items-center rounded-md px-3 font-semibold outline-none hover:bg-background/15 focus-visible:ring-2 focus-visible:ring-ring md:h-9";

/** A short message at the bottom of the screen, with one action (e.g. 撤销); read out politely. */
export function Toast({
  message,
  actionLabel,
  onAction,
  onDismiss,
  duration = 8000,
  closeLabel = "关闭",
  tone,
  className,
  ...props
}: ToastProps) {
  const [held, setHeld] = React.useState(false);
  const dismiss = React.useRef(onDismiss);
  dismiss.current = onDismiss;
  React.useEffect(() => {
    if (held || duration === null) return;
    const timer = setTimeout(() => dismiss.current?.(), duration);
    return () => clearTimeout(timer);
  }, [held, duration]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at it or focusing its buttons only pauses its timer; Esc closes it from either button
    <div
      data-slot="toast"
      data-state={held ? "held" : "open"}
      className={cn(toastVariants({ tone }), className)}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss?.();
      }}
      {...props}
    >
      <p className="min-w-0 flex-1 py-2">{message}</p>
      {actionLabel ? (
        <button
          type="button"
          className={cn(actionClass, "underline underline-offset-4")}
          onClick={() => {
            onAction?.();
            onDismiss?.();
          }}
        >
          {actionLabel}
        </button>
      ) : null}
      <button
        type="button"
        aria-label={closeLabel}
        className={cn(actionClass, "px-0 size-11 justify-center md:size-9")}
        onClick={onDismiss}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const sheetContentVariants = cva(
  "fixed z-dialog flex flex-col bg-background text-foreground shadow-lg outline-none",
  {
    variants: {
      side: {
        /** A drawer from the left edge, e.g. the conversation list on a phone. */
        left: "inset-y-0 left-0 w-[min(320px,85vw)] border-border border-r pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)]",
        /** A sheet from the bottom edge. */
        bottom:
          "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-lg border-border border-t pb-[env(safe-area-inset-bottom)]",
      },
    },
    defaultVariants: { side: "left" },
  },
);

export type SheetSide = NonNullable<VariantProps<typeof sheetContentVariants>["side"]>;

export type SheetProps = React.ComponentProps<typeof DialogPrimitive.Root> &
  VariantProps<typeof sheetContentVariants> & {
    /** The sheet's name, read by screen readers and shown as its heading. */
    title: string;
    /** The button that opens it: focus returns to it on close, and it announces the open state. */
    trigger?: React.ReactNode;
    closeLabel?: string;
    className?: string;
  };

/** A panel that slides over the page on small screens (Radix Dialog: focus trap, Esc, overlay click). */
export function Sheet({
  title,
  trigger,
  side,
  closeLabel = "关闭",
  className,
  children,
  ...props
}: SheetProps) {
  return (
    <DialogPrimitive.Root {...props}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay data-slot="sheet-overlay" className="fixed inset-0 z-overlay bg-overlay" />
        <DialogPrimitive.Content
          data-slot="sheet"
          data-side={side ?? "left"}
          aria-describedby={undefined}
          className={cn(sheetContentVariants({ side }), className)}
        >
          <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-border border-b pr-1.5 pl-4">
            <DialogPrimitive.Title className="font-semibold text-base">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label={closeLabel}
              className="inline-flex size-11 cursor-pointer items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

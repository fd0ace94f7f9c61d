import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const twoPaneLayoutVariants = cva(
  "grid h-[calc(100vh-var(--sn-topbar-height))] min-h-[700px] w-full grid-cols-[3fr_2fr] overflow-hidden",
);

const paneClass =
  "min-h-0 min-w-0 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset";

export type TwoPaneLayoutProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** The main pane (60%): the idea or note. */
  left: React.ReactNode;
  /** The side pane (40%): related ideas and the AI side chat. */
  right: React.ReactNode;
  /** Accessible name of the left region. */
  leftLabel?: string;
  /** Accessible name of the right region. */
  rightLabel?: string;
};

export function TwoPaneLayout({
  left,
  right,
  leftLabel = "内容",
  rightLabel = "相关与AI",
  className,
  ...props
}: TwoPaneLayoutProps) {
  return (
    <div data-slot="two-pane-layout" className={cn(twoPaneLayoutVariants(), className)} {...props}>
      <section
        data-slot="two-pane-left"
        aria-label={leftLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a scrollable pane to scroll it
        tabIndex={0}
        className={cn(paneClass, "border-r border-border")}
      >
        {left}
      </section>
      <section
        data-slot="two-pane-right"
        aria-label={rightLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a scrollable pane to scroll it
        tabIndex={0}
        className={cn(paneClass, "bg-surface")}
      >
        {right}
      </section>
    </div>
  );
}

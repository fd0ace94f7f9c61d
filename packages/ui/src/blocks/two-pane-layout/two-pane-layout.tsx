import { cva } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn";

export const twoPaneLayoutVariants = cva(
  "flex h-[calc(100dvh-var(--sn-topbar-total))] w-full flex-col overflow-hidden lg:grid lg:h-[calc(100vh-var(--sn-topbar-height))] lg:min-h-[700px] lg:grid-cols-[3fr_2fr]",
);

const paneClass =
  "min-h-0 min-w-0 flex-1 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset";

const switchClass =
  "relative inline-flex h-11 flex-1 cursor-pointer items-center justify-center text-sm font-medium text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset aria-selected:text-primary aria-selected:after:absolute aria-selected:after:inset-x-6 aria-selected:after:bottom-0 aria-selected:after:h-0.5 aria-selected:after:rounded-full aria-selected:after:bg-brand";

export type TwoPane = "left" | "right";

export type TwoPaneLayoutProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** The main pane (60% from 1024 px; the first tab below). */
  left: React.ReactNode;
  /** The side pane (40% from 1024 px; one tap away below): related ideas and the AI side chat. */
  right: React.ReactNode;
  /** Accessible name of the left region, and its tab on phones and tablets. */
  leftLabel?: string;
  /** Accessible name of the right region, and its tab on phones and tablets. */
  rightLabel?: string;
  /** Which pane phones and tablets show, when the parent controls it. */
  pane?: TwoPane;
  onPaneChange?: (pane: TwoPane) => void;
};

/** Side by side from 1024 px; below, one pane at a time under two tabs, so both stay readable. */
export function TwoPaneLayout({
  left,
  right,
  leftLabel = "内容",
  rightLabel = "相关与AI",
  pane,
  onPaneChange,
  className,
  ...props
}: TwoPaneLayoutProps) {
  const [ownPane, setOwnPane] = React.useState<TwoPane>("left");
  const shown = pane ?? ownPane;
  const show = (next: TwoPane) => {
    setOwnPane(next);
    onPaneChange?.(next);
  };
  const id = React.useId();
  const tab = (which: TwoPane, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${which}-tab`}
      aria-selected={shown === which}
      aria-controls={`${id}-${which}`}
      tabIndex={shown === which ? 0 : -1}
      onClick={() => show(which)}
      className={switchClass}
    >
      {label}
    </button>
  );
  return (
    <div
      data-slot="two-pane-layout"
      data-pane={shown}
      className={cn(twoPaneLayoutVariants(), className)}
      {...props}
    >
      <div
        role="tablist"
        aria-label="切换内容与相关"
        data-slot="two-pane-switch"
        className="flex shrink-0 border-border border-b bg-background lg:hidden"
        onKeyDown={(event) => {
          if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
          const next = shown === "left" ? "right" : "left";
          show(next);
          document.getElementById(`${id}-${next}-tab`)?.focus();
        }}
      >
        {tab("left", leftLabel)}
        {tab("right", rightLabel)}
      </div>
      <section
        id={`${id}-left`}
        data-slot="two-pane-left"
        aria-label={leftLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a scrollable pane to scroll it
        tabIndex={0}
        className={cn(paneClass, "lg:border-border lg:border-r", shown !== "left" && "max-lg:hidden")}
      >
        {left}
      </section>
      <section
        id={`${id}-right`}
        data-slot="two-pane-right"
        aria-label={rightLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a scrollable pane to scroll it
        tabIndex={0}
        className={cn(paneClass, "bg-surface", shown !== "right" && "max-lg:hidden")}
      >
        {right}
      </section>
    </div>
  );
}

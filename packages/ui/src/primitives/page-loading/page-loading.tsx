import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Spinner } from "../spinner";

export const pageLoadingVariants = cva(
  "flex w-full flex-col items-center justify-center gap-3 text-muted-foreground",
  {
    variants: {
      fill: {
        container: "h-full min-h-64",
        viewport: "fixed inset-0 bg-background",
      },
    },
    defaultVariants: { fill: "container" },
  },
);

export type PageLoadingFill = NonNullable<VariantProps<typeof pageLoadingVariants>["fill"]>;

export type PageLoadingProps = React.ComponentProps<"div"> &
  VariantProps<typeof pageLoadingVariants> & {
    /** Visible text under the spinner. */
    text?: string;
  };

export function PageLoading({ className, fill, text = "加载中...", ...props }: PageLoadingProps) {
  return (
    <div
      data-slot="page-loading"
      role="status"
      aria-live="polite"
      className={cn(pageLoadingVariants({ fill }), className)}
      {...props}
    >
      <Spinner size="lg" label={null} className="text-primary" />
      <p data-slot="page-loading-text" className="text-sm">
        {text}
      </p>
    </div>
  );
}

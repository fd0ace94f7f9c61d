import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const spinnerVariants = cva(
  "inline-block animate-spin rounded-full border-2 border-current border-r-transparent",
  {
    variants: {
      size: { sm: "size-4", md: "size-6", lg: "size-10 border-[3px]" },
    },
    defaultVariants: { size: "md" },
  },
);

export type SpinnerSize = NonNullable<VariantProps<typeof spinnerVariants>["size"]>;

export type SpinnerProps = React.ComponentProps<"span"> &
  VariantProps<typeof spinnerVariants> & {
    /** Text announced to screen readers; `null` when visible text beside it already says it. */
    label?: string | null;
  };

export function Spinner({ className, size, label = "加载中", ...props }: SpinnerProps) {
  return (
    <span data-slot="spinner" className="inline-flex" {...props}>
      <span aria-hidden className={cn(spinnerVariants({ size }), className)} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

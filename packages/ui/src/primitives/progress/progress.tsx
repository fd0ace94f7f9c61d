import * as ProgressPrimitive from "@radix-ui/react-progress";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const progressVariants = cva("relative h-2 w-full overflow-hidden rounded-full bg-muted", {
  variants: {
    size: { sm: "h-1.5", md: "h-2", lg: "h-3" },
  },
  defaultVariants: { size: "md" },
});

export const progressIndicatorVariants = cva(
  "h-full w-full flex-1 rounded-full transition-transform duration-300",
  {
    variants: {
      tone: { primary: "bg-primary", success: "bg-success", warning: "bg-warning", error: "bg-error" },
    },
    defaultVariants: { tone: "primary" },
  },
);

export type ProgressSize = NonNullable<VariantProps<typeof progressVariants>["size"]>;
export type ProgressTone = NonNullable<VariantProps<typeof progressIndicatorVariants>["tone"]>;

export type ProgressProps = Omit<React.ComponentProps<typeof ProgressPrimitive.Root>, "max"> &
  VariantProps<typeof progressVariants> &
  VariantProps<typeof progressIndicatorVariants> & {
    /** Percentage from 0 to 100; values outside are clamped. */
    value?: number;
  };

const clampPercent = (value: number) => (Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0);

export function Progress({
  className,
  size,
  tone,
  value = 0,
  "aria-label": ariaLabel = "导出进度",
  ...props
}: ProgressProps) {
  const percent = clampPercent(value);
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      data-tone={tone ?? "primary"}
      value={percent}
      max={100}
      aria-label={ariaLabel}
      className={cn(progressVariants({ size }), className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={progressIndicatorVariants({ tone })}
        style={{ transform: `translateX(-${100 - percent}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}

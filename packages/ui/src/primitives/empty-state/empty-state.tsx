import { cva, type VariantProps } from "class-variance-authority";
import { Lightbulb } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const emptyStateVariants = cva("flex w-full flex-col items-center justify-center text-center", {
  variants: {
    size: {
      sm: "gap-2 px-4 py-8 [&_[data-slot=empty-state-icon]]:size-10 [&_[data-slot=empty-state-icon]_svg]:size-5",
      md: "gap-3 px-6 py-12 [&_[data-slot=empty-state-icon]]:size-14 [&_[data-slot=empty-state-icon]_svg]:size-7",
    },
  },
  defaultVariants: { size: "md" },
});

export type EmptyStateSize = NonNullable<VariantProps<typeof emptyStateVariants>["size"]>;

export type EmptyStateProps = Omit<React.ComponentProps<"div">, "title"> &
  VariantProps<typeof emptyStateVariants> & {
    /** Decorative icon in the soft orange circle; `null` shows none. */
    icon?: React.ReactNode;
    /** Main line, e.g. 还没有想法. */
    title: React.ReactNode;
    /** Hint under the title. */
    description?: React.ReactNode;
    /** A button or link that gets the user going. */
    action?: React.ReactNode;
  };

export function EmptyState({
  className,
  size,
  icon = <Lightbulb />,
  title,
  description,
  action,
  ...props
}: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn(emptyStateVariants({ size }), className)} {...props}>
      {icon ? (
        <div
          data-slot="empty-state-icon"
          aria-hidden
          className="mb-1 flex items-center justify-center rounded-full bg-primary-soft text-brand"
        >
          {icon}
        </div>
      ) : null}
      <h2 data-slot="empty-state-title" className="font-semibold text-base text-foreground">
        {title}
      </h2>
      {description ? (
        <p data-slot="empty-state-description" className="max-w-sm text-muted-foreground text-sm">
          {description}
        </p>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className="mt-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}

import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const alertVariants = cva(
  "flex w-full gap-3 rounded-md border px-4 py-3 text-sm leading-relaxed [&_[data-slot=alert-icon]_svg]:size-4",
  {
    variants: {
      tone: {
        info: "border-info/30 bg-info-soft text-info-soft-foreground",
        success: "border-success/30 bg-success-soft text-success-soft-foreground",
        warning: "border-warning/30 bg-warning-soft text-warning-soft-foreground",
        error: "border-error/30 bg-error-soft text-error-soft-foreground",
      },
    },
    defaultVariants: { tone: "info" },
  },
);

export type AlertTone = NonNullable<VariantProps<typeof alertVariants>["tone"]>;

const toneIcons: Record<AlertTone, React.ComponentType<{ "aria-hidden"?: boolean }>> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  error: CircleAlert,
};

export type AlertProps = Omit<React.ComponentProps<"div">, "title"> &
  VariantProps<typeof alertVariants> & {
    /** Bold first line. */
    title?: React.ReactNode;
    /** Body text; `children` are rendered after it. */
    description?: React.ReactNode;
    /** Replaces the tone's icon; `null` shows none. */
    icon?: React.ReactNode;
  };

export function Alert({ className, tone, title, description, icon, children, role, ...props }: AlertProps) {
  const resolvedTone = tone ?? "info";
  const ToneIcon = toneIcons[resolvedTone];
  const shownIcon = icon === undefined ? <ToneIcon aria-hidden /> : icon;
  const urgent = resolvedTone === "error" || resolvedTone === "warning";
  return (
    <div
      data-slot="alert"
      data-tone={resolvedTone}
      role={role ?? (urgent ? "alert" : "status")}
      className={cn(alertVariants({ tone }), className)}
      {...props}
    >
      {shownIcon ? (
        <span data-slot="alert-icon" className="mt-1 flex shrink-0">
          {shownIcon}
        </span>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {title ? (
          <p data-slot="alert-title" className="font-semibold">
            {title}
          </p>
        ) : null}
        {description ? <div data-slot="alert-description">{description}</div> : null}
        {children}
      </div>
    </div>
  );
}

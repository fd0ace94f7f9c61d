import type * as React from "react";
import { cn } from "../../lib/cn";

export type CheckboxProps = Omit<React.ComponentProps<"input">, "type" | "children"> & {
  /** Text (or links) after the box; clicking plain text toggles it. */
  children?: React.ReactNode;
};

/**
 * A native checkbox in the brand colour with its label, e.g. the agreement on the register form.
 * On touch screens (below 1024 px) the label, which toggles it, is a 44 px tap target: at least
 * 44 px high, and 44 px wide around a box without text.
 */
export function Checkbox({ className, children, id, ...props }: CheckboxProps) {
  return (
    <label
      data-slot="checkbox"
      htmlFor={id}
      className={cn(
        "inline-flex cursor-pointer items-start gap-2 text-sm text-foreground max-lg:min-h-11 max-lg:items-center",
        !children && "max-lg:min-w-11 max-lg:justify-center",
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-[var(--sn-primary)] outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed max-lg:mt-0"
        {...props}
      />
      {children ? <span data-slot="checkbox-label">{children}</span> : null}
    </label>
  );
}

import type * as React from "react";
import { cn } from "../../lib/cn";
import { type InputSize, inputVariants } from "../input";

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<React.ComponentProps<"select">, "size" | "children"> & {
  options: readonly SelectOption[];
  size?: InputSize;
};

/** A native select in the input's look: the phone's own picker, keyboard and screen reader for free. */
export function Select({ className, size, options, ...props }: SelectProps) {
  return (
    <select data-slot="select" className={cn(inputVariants({ size }), "pe-8", className)} {...props}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

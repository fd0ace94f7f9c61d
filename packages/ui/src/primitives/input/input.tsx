import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const inputVariants = cva(
  "flex w-full min-w-0 rounded-md border border-input bg-background text-foreground transition-colors outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-[invalid=true]:border-error aria-[invalid=true]:focus-visible:ring-error/30",
  {
    variants: {
      size: {
        sm: "h-8 px-2.5 text-sm",
        md: "h-10 px-3 text-sm",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export type InputSize = NonNullable<VariantProps<typeof inputVariants>["size"]>;

export type InputProps = Omit<React.ComponentProps<"input">, "size"> &
  VariantProps<typeof inputVariants> & {
    /** Marks the value as wrong: red border and `aria-invalid`. */
    invalid?: boolean;
  };

export function Input({ className, size, invalid, type = "text", ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      type={type}
      aria-invalid={invalid || undefined}
      className={cn(inputVariants({ size }), className)}
      {...props}
    />
  );
}

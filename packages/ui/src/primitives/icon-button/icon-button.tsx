import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const iconButtonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
        secondary: "border border-input bg-background text-foreground hover:bg-muted",
        ghost: "text-muted-foreground hover:bg-muted hover:text-foreground",
      },
      shape: {
        square: "rounded-md",
        round: "rounded-full",
      },
      size: {
        sm: "size-8 [&_svg]:size-4",
        md: "size-9 [&_svg]:size-[18px]",
        lg: "size-10 [&_svg]:size-5",
      },
    },
    defaultVariants: { variant: "ghost", shape: "square", size: "md" },
  },
);

export type IconButtonVariant = NonNullable<VariantProps<typeof iconButtonVariants>["variant"]>;
export type IconButtonShape = NonNullable<VariantProps<typeof iconButtonVariants>["shape"]>;
export type IconButtonSize = NonNullable<VariantProps<typeof iconButtonVariants>["size"]>;

export type IconButtonProps = Omit<React.ComponentProps<"button">, "aria-label"> &
  VariantProps<typeof iconButtonVariants> & {
    /** What the button does, in Chinese; becomes its accessible name and tooltip. */
    label: string;
  };

export function IconButton({
  className,
  variant,
  shape,
  size,
  label,
  title,
  type = "button",
  children,
  ...props
}: IconButtonProps) {
  return (
    <button
      data-slot="icon-button"
      type={type}
      aria-label={label}
      title={title ?? label}
      className={cn(iconButtonVariants({ variant, shape, size }), className)}
      {...props}
    >
      {children}
    </button>
  );
}

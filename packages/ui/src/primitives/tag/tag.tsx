import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const tagVariants = cva(
  "inline-flex h-6 max-w-full shrink-0 items-center gap-0.5 rounded-full text-xs font-medium whitespace-nowrap transition-colors",
  {
    variants: {
      variant: {
        default: "bg-muted text-muted-foreground",
        primary: "bg-primary text-primary-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

const partFocus = "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1";
/** On touch screens a tag's buttons take taps 44 px high and at least 44 px wide, around the 24 px chip (no layout change). */
const tapArea =
  "relative max-lg:after:absolute max-lg:after:top-1/2 max-lg:after:left-1/2 max-lg:after:h-11 max-lg:after:-translate-1/2 max-lg:after:content-['']";

export type TagVariant = NonNullable<VariantProps<typeof tagVariants>["variant"]>;

export type TagProps = Omit<React.ComponentProps<"span">, "onClick"> &
  VariantProps<typeof tagVariants> & {
    /** The tag name, shown after a `#`. */
    name: string;
    /**
     * Selected (e.g. the active filter): primary look, and `aria-pressed` when clickable. Left
     * out, a clickable tag is a plain button (it goes somewhere, it toggles nothing).
     */
    selected?: boolean;
    /** Makes the tag a button (a toggle when `selected` is given). */
    onClick?: (event: React.MouseEvent<HTMLButtonElement>) => void;
    /** Shows an × button that calls this. */
    onRemove?: () => void;
    /** Accessible name of the × button. */
    removeLabel?: (name: string) => string;
  };

export function Tag({
  name,
  selected,
  variant,
  onClick,
  onRemove,
  removeLabel = (tag) => `移除标签 ${tag}`,
  className,
  ...props
}: TagProps) {
  const label = (
    <>
      <span aria-hidden>#</span>
      <span className="truncate">{name}</span>
    </>
  );
  return (
    <span
      data-slot="tag"
      data-selected={selected || undefined}
      className={cn(tagVariants({ variant: variant ?? (selected ? "primary" : "default") }), className)}
      {...props}
    >
      {onClick ? (
        <button
          type="button"
          data-slot="tag-button"
          aria-pressed={selected}
          onClick={onClick}
          className={cn(
            "inline-flex h-full min-w-0 cursor-pointer items-center gap-0.5 rounded-full pl-2.5 max-lg:after:w-[max(100%,2.75rem)]",
            tapArea,
            onRemove ? "pr-0.5" : "pr-2.5",
            partFocus,
          )}
        >
          {label}
        </button>
      ) : (
        <span
          className={cn("inline-flex min-w-0 items-center gap-0.5 pl-2.5", onRemove ? "pr-0.5" : "pr-2.5")}
        >
          {label}
        </span>
      )}
      {onRemove ? (
        <button
          type="button"
          data-slot="tag-remove"
          aria-label={removeLabel(name)}
          onClick={onRemove}
          className={cn(
            "mr-1 inline-flex size-4 cursor-pointer items-center justify-center rounded-full hover:bg-foreground/10 max-lg:after:w-11",
            tapArea,
            partFocus,
          )}
        >
          <X aria-hidden className="size-3" />
        </button>
      ) : null}
    </span>
  );
}

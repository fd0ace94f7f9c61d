import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

/** A menu that opens from a button (Radix DropdownMenu: arrow keys, typeahead, Esc, focus back to the button). */
export const DropdownMenu = MenuPrimitive.Root;
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export type DropdownMenuContentProps = React.ComponentProps<typeof MenuPrimitive.Content>;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = "end",
  ...props
}: DropdownMenuContentProps) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        data-slot="dropdown-menu"
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={cn(
          "z-dropdown min-w-40 overflow-hidden rounded-md border border-border bg-background p-1 text-foreground shadow-lg outline-none",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export const dropdownMenuItemVariants = cva(
  "flex h-11 cursor-pointer select-none items-center gap-2 rounded-sm px-3 text-sm outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted md:h-9 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      tone: {
        default: "",
        danger: "text-error",
      },
    },
    defaultVariants: { tone: "default" },
  },
);

export type DropdownMenuItemTone = NonNullable<VariantProps<typeof dropdownMenuItemVariants>["tone"]>;
export type DropdownMenuItemProps = React.ComponentProps<typeof MenuPrimitive.Item> &
  VariantProps<typeof dropdownMenuItemVariants>;

export function DropdownMenuItem({ className, tone, ...props }: DropdownMenuItemProps) {
  return (
    <MenuPrimitive.Item
      data-slot="dropdown-menu-item"
      className={cn(dropdownMenuItemVariants({ tone }), className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: React.ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("-mx-1 my-1 h-px bg-border", className)} {...props} />;
}

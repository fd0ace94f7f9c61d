import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const webLayoutVariants = cva("mx-auto w-full max-w-[1200px] min-w-[900px] px-6");

export type WebLayoutProps = React.ComponentProps<"div">;

/** Centred page column: never narrower than 900px (the page scrolls sideways instead), never wider than 1200px. */
export function WebLayout({ className, ...props }: WebLayoutProps) {
  return <div data-slot="web-layout" className={cn(webLayoutVariants(), className)} {...props} />;
}

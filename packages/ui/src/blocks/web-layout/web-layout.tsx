import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const webLayoutVariants = cva(
  "mx-auto w-full max-w-[1200px] px-[max(16px,env(safe-area-inset-left))] md:px-6 lg:min-w-[900px]",
);

export type WebLayoutProps = React.ComponentProps<"div">;

/** Centred page column, at most 1200px wide; from 1024px up never narrower than 900px (the spec's web layout). */
export function WebLayout({ className, ...props }: WebLayoutProps) {
  return <div data-slot="web-layout" className={cn(webLayoutVariants(), className)} {...props} />;
}

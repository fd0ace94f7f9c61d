import type * as React from "react";
import { cn } from "../../lib/cn";

/** The 拾念 wordmark, for apps that wrap it in their own link. */
export function TopBarWordmark({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="top-bar-wordmark"
      className={cn("inline-flex items-center gap-2 text-xl font-bold text-foreground", className)}
      {...props}
    >
      <span
        aria-hidden
        className="inline-flex size-8 items-center justify-center rounded-md bg-primary text-base text-primary-foreground"
      >
        拾
      </span>
      {/* Phones and tablets show the mark only: the pill needs the width. */}
      <span className="max-lg:sr-only">拾念</span>
    </span>
  );
}

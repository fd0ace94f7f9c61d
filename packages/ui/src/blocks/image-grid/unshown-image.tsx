import { ImageOff } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export type UnshownImageProps = React.ComponentProps<"div"> & {
  /** The picture's name (or alt text), shown in its place. */
  name: string;
};

// A long name wraps before its extension (IMG_0412 / .HEIC), not inside it.
const breakBeforeExtension = (name: string) => name.replace(/\.(?=[^.]+$)/, "\u200b.");

/** A neutral tile in place of a picture the browser cannot draw (a HEIC in Chromium, a lost link). */
export function UnshownImage({ name, className, ...props }: UnshownImageProps) {
  return (
    <div
      data-slot="unshown-image"
      role="img"
      aria-label={name}
      title={name}
      className={cn(
        "flex size-full flex-col items-center justify-center gap-1 bg-muted p-1.5 text-muted-foreground",
        className,
      )}
      {...props}
    >
      <ImageOff aria-hidden className="size-5 shrink-0" />
      <span className="line-clamp-2 max-w-full text-center text-[11px] leading-tight [overflow-wrap:anywhere]">
        {breakBeforeExtension(name)}
      </span>
    </div>
  );
}

import { MessageSquare } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { useLinkedText } from "../link-chip/links-context";
import { RefusedAnnotation } from "../refused-annotation/refused-annotation";

/** A 批注 still on this device; `reason` (the server's Chinese message) once the server refused it. */
export type QueuedAnnotation = {
  id: string;
  content: string;
  /** The idea it is on, as its title or first words. */
  idea: string;
  reason?: string | undefined;
};

export type QueuedAnnotationsProps = Omit<React.ComponentProps<"section">, "children"> & {
  annotations: readonly QueuedAnnotation[];
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
};

/** 批注 not yet saved, each under the idea it belongs to: 待同步, or refused with 重试 and 删除. */
export function QueuedAnnotations({
  annotations,
  onRetry,
  onDelete,
  className,
  ...props
}: QueuedAnnotationsProps) {
  const linked = useLinkedText();
  if (!annotations.length) return null;
  return (
    <section
      data-slot="queued-annotations"
      aria-label="待同步的批注"
      className={cn(
        "flex flex-col gap-2 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm",
        className,
      )}
      {...props}
    >
      <p className="inline-flex items-center gap-2 text-warning-soft-foreground">
        <MessageSquare aria-hidden className="size-4" />
        {`${annotations.length} 条批注未同步`}
      </p>
      <ul className="flex flex-col gap-2">
        {annotations.map((a) => (
          <li
            key={a.id}
            data-state={a.reason === undefined ? "pending" : "refused"}
            className="flex min-w-0 flex-col gap-1 rounded-md bg-background p-3"
          >
            <p className="truncate text-muted-foreground text-xs">{`批注于「${a.idea}」`}</p>
            <p className="line-clamp-2 break-words text-foreground">{linked(a.content)}</p>
            {a.reason === undefined ? (
              <p className="text-muted-foreground text-xs">待同步</p>
            ) : (
              <RefusedAnnotation
                layout="stacked"
                reason={a.reason}
                onRetry={() => onRetry(a.id)}
                onDelete={() => onDelete(a.id)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

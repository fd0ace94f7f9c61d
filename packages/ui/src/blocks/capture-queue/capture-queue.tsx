import { CloudOff, RotateCw, Trash2 } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";

export type RefusedCapture = {
  id: string;
  content: string;
  /** The server's Chinese message, e.g. why the text was refused. */
  reason: string;
};

export type CaptureQueueProps = Omit<React.ComponentProps<"section">, "children"> & {
  /** Captures waiting for the network (shown in the list as 待同步). */
  pending: number;
  /** Captures the server refused: each can be sent again or deleted. */
  refused: readonly RefusedCapture[];
  /** Offline: the page's one offline banner says they wait (待同步), so only refused captures show. */
  offline?: boolean;
  syncing?: boolean;
  onSyncNow: () => void;
  onRetry: (id: string) => void;
  onDelete: (id: string) => void;
};

/** What is still on this device and not yet saved: counts, 立即同步, and refused captures to fix. */
export function CaptureQueue({
  pending,
  refused,
  offline = false,
  syncing = false,
  onSyncNow,
  onRetry,
  onDelete,
  className,
  ...props
}: CaptureQueueProps) {
  const showPending = pending > 0 && !offline;
  if (!showPending && refused.length === 0) return null;
  return (
    <section
      data-slot="capture-queue"
      aria-label="待同步的想法"
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm",
        className,
      )}
      {...props}
    >
      {showPending ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="inline-flex items-center gap-2 text-warning-soft-foreground" role="status">
            <CloudOff aria-hidden className="size-4" />
            {`${pending} 条想法待同步`}
          </p>
          <Button size="sm" variant="secondary" onClick={onSyncNow} loading={syncing}>
            立即同步
          </Button>
        </div>
      ) : null}
      {refused.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="未能保存的想法">
          {refused.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-md bg-background p-3">
              <p className="line-clamp-2 break-words text-foreground">{item.content}</p>
              <p className="text-error text-xs">未能保存：{item.reason}</p>
              <div className="flex justify-end gap-2">
                <Button size="sm" variant="ghost" onClick={() => onDelete(item.id)}>
                  <Trash2 aria-hidden />
                  删除
                </Button>
                <Button size="sm" variant="secondary" onClick={() => onRetry(item.id)}>
                  <RotateCw aria-hidden />
                  重试
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

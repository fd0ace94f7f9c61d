import { cva, type VariantProps } from "class-variance-authority";
import { RotateCw, Trash2 } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";

/**
 * `inline`: the reason and the buttons share a line where they fit (under a 批注 in its idea's
 * thread); `stacked`: the reason, then the buttons at the end of their own line (a card in
 * 首页's list of 批注 still on the device).
 */
export const refusedAnnotationVariants = cva("", {
  variants: {
    layout: {
      inline: "mt-1 flex flex-wrap items-center justify-between gap-2",
      stacked: "flex flex-col gap-1",
    },
  },
  defaultVariants: { layout: "inline" },
});

export type RefusedAnnotationProps = Omit<React.ComponentProps<"div">, "children"> &
  VariantProps<typeof refusedAnnotationVariants> & {
    /** The server's Chinese message; empty when it gave none. */
    reason: string;
    /** Sends the 批注 again. */
    onRetry?: (() => void) | undefined;
    /** Drops it from this device. */
    onDelete?: (() => void) | undefined;
  };

/** A 批注 the server refused: its reason, announced, with 删除 and 重试. */
export function RefusedAnnotation({
  reason,
  onRetry,
  onDelete,
  layout,
  className,
  ...props
}: RefusedAnnotationProps) {
  return (
    <div
      data-slot="refused-annotation"
      data-layout={layout ?? "inline"}
      className={cn(refusedAnnotationVariants({ layout }), className)}
      {...props}
    >
      <p role="status" className="text-error text-xs">
        未能保存：{reason || "服务器拒绝了这条批注"}
      </p>
      <div className={cn("flex gap-2", layout === "stacked" && "justify-end")}>
        <Button size="sm" variant="ghost" aria-label="删除这条未保存的批注" onClick={onDelete}>
          <Trash2 aria-hidden />
          删除
        </Button>
        <Button size="sm" variant="secondary" aria-label="重试发送这条批注" onClick={onRetry}>
          <RotateCw aria-hidden />
          重试
        </Button>
      </div>
    </div>
  );
}

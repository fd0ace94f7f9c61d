import { PartyPopper } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Alert } from "../../primitives/alert";
import { Progress } from "../../primitives/progress";

export type ReviewProgressProps = React.ComponentProps<"div"> & {
  /** Items of today's set marked 记住了. */
  done: number;
  /** Items in today's set. */
  total: number;
  /** "已回顾 2 / 5" */
  countLabel?: (done: number, total: number) => string;
  finishedTitle?: string;
  finishedDescription?: string;
  progressLabel?: string;
};

/** How far through the day's 每日回顾, and when every item is done, the end of it. */
export function ReviewProgress({
  done,
  total,
  countLabel = (d, t) => `已回顾 ${d} / ${t}`,
  finishedTitle = "今天的回顾完成了",
  finishedDescription = "明天会有新的一组想法和笔记等你回顾。",
  progressLabel = "今日回顾进度",
  className,
  ...props
}: ReviewProgressProps) {
  const finished = total > 0 && done >= total;
  return (
    <div
      data-slot="review-progress"
      data-state={finished ? "finished" : "open"}
      className={cn("flex flex-col gap-2", className)}
      {...props}
    >
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-foreground" aria-live="polite">
          {countLabel(Math.min(done, total), total)}
        </span>
      </div>
      <Progress
        value={total ? (Math.min(done, total) / total) * 100 : 0}
        tone={finished ? "success" : "primary"}
        aria-label={progressLabel}
      />
      {finished ? (
        <Alert
          data-slot="review-progress-finished"
          tone="success"
          className="mt-2"
          icon={<PartyPopper aria-hidden />}
          title={finishedTitle}
          description={finishedDescription}
        />
      ) : null}
    </div>
  );
}

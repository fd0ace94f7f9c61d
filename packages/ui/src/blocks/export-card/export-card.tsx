import { cva } from "class-variance-authority";
import { CircleAlert, CircleCheck } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { type ExportPhase, type ExportStatus, isExportRunning } from "../../lib/export-status";
import { formatFileSizeMB } from "../../lib/format-file-size";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import { Progress } from "../../primitives/progress";
import { Spinner } from "../../primitives/spinner";

export const exportCardVariants = cva(
  "fixed right-4 bottom-4 z-floating flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-lg border border-border bg-background p-4 text-foreground shadow-lg sm:right-6 sm:bottom-6",
);

type VisiblePhase = Exclude<ExportPhase, "idle">;

export const exportCardTitles: Record<VisiblePhase, string> = {
  checking: "正在检查导出权限",
  preparing: "正在准备导出",
  processing: "正在导出数据",
  downloading: "正在下载",
  completed: "导出完成",
  error: "导出失败",
};

export type ExportCardProps = Omit<React.ComponentProps<"section">, "title"> & {
  /** The export status owned by the app's state machine; the card renders nothing while idle. */
  status: ExportStatus;
  /** Called by 取消 while the export is running. */
  onCancel?: () => void;
  /** Called by 关闭 once the export is completed or failed. */
  onClose?: () => void;
  /** Called by 再次导出 once the export is completed or failed. */
  onRetry?: () => void;
  /** Overrides the title of some phases; in error the title is `status.message`, else this, else 导出失败. */
  titles?: Partial<Record<VisiblePhase, string>>;
  /** Hint under the error message. */
  errorHint?: string;
  /**
   * Set while the next export must wait (a cooldown): 再次导出 is disabled and says this instead,
   * e.g. 59 分 30 秒后可再次导出.
   */
  retryWaitLabel?: string;
  /** The error hint while `retryWaitLabel` is set (再次导出 cannot be clicked then). */
  waitHint?: string;
};

export function ExportCard({
  className,
  status,
  onCancel,
  onClose,
  onRetry,
  titles,
  errorHint = "你可以关闭此窗口，或点击「再次导出」重试",
  retryWaitLabel,
  waitHint = "你可以关闭此窗口，到时间后再导出",
  ...props
}: ExportCardProps) {
  const titleId = React.useId();
  const phase = status.status;
  if (phase === "idle") return null;
  const running = isExportRunning(phase);
  const failed = phase === "error";
  const completed = phase === "completed";
  const title = failed && status.message ? status.message : (titles?.[phase] ?? exportCardTitles[phase]);
  const message = !failed && status.message && status.message !== title ? status.message : null;
  const progress = Math.round(Math.min(100, Math.max(0, status.progress || 0)));
  const result = completed ? status.result : null;

  return (
    <section
      data-slot="export-card"
      data-state={phase}
      aria-labelledby={titleId}
      className={cn(exportCardVariants(), className)}
      {...props}
    >
      <div role="status" className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          {running ? <Spinner size="sm" label={null} className="text-primary" /> : null}
          {completed ? <CircleCheck aria-hidden className="size-5 shrink-0 text-success" /> : null}
          {failed ? <CircleAlert aria-hidden className="size-5 shrink-0 text-error" /> : null}
          <h2 id={titleId} data-slot="export-card-title" className="font-semibold text-base">
            {title}
          </h2>
        </div>
        {message ? (
          <p data-slot="export-card-message" className="text-muted-foreground text-sm">
            {message}
          </p>
        ) : null}
      </div>

      {failed ? null : (
        <div data-slot="export-card-progress" className="flex items-center gap-3">
          <Progress value={progress} tone={completed ? "success" : "primary"} className="flex-1" />
          <span aria-hidden className="w-10 text-right text-muted-foreground text-xs tabular-nums">
            {progress}%
          </span>
        </div>
      )}

      {failed ? (
        <Alert tone="error" icon={null} description={status.error || "未知错误"}>
          <p data-slot="export-card-hint">{retryWaitLabel ? waitHint : errorHint}</p>
        </Alert>
      ) : null}

      {result ? (
        <dl data-slot="export-card-result" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <div className="contents">
            <dt className="text-muted-foreground">文件大小</dt>
            <dd className="font-medium tabular-nums">{formatFileSizeMB(result.fileSize)}</dd>
          </div>
          <div className="contents">
            <dt className="text-muted-foreground">导出内容</dt>
            <dd>
              想法 {result.exportCount.thoughts} 条 · 笔记 {result.exportCount.notes} 条 · 共{" "}
              {result.exportCount.total} 条
            </dd>
          </div>
          <div className="contents">
            <dt className="text-muted-foreground">文件名</dt>
            <dd className="break-all">{result.filename}</dd>
          </div>
        </dl>
      ) : null}

      <div data-slot="export-card-actions" className="flex justify-end gap-2">
        {running ? (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            取消
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={onClose}>
            关闭
          </Button>
        )}
        {running ? null : (
          <Button
            size="sm"
            onClick={onRetry}
            disabled={!!retryWaitLabel}
            data-state={retryWaitLabel ? "waiting" : undefined}
          >
            {retryWaitLabel ?? "再次导出"}
          </Button>
        )}
      </div>
    </section>
  );
}

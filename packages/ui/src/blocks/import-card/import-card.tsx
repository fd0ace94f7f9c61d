import * as React from "react";
import { Alert } from "../../primitives/alert";
import { Button } from "../../primitives/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../primitives/card";
import { Progress } from "../../primitives/progress";
import { Spinner } from "../../primitives/spinner";
import { ImportChooser } from "./import-chooser";
import { ImportPreview } from "./import-preview";
import type { ImportCardStatus } from "./import-status";
import { ImportSummary } from "./import-summary";

export type ImportCardProps = Omit<React.ComponentProps<"div">, "title"> & {
  /** The import as the app's state machine holds it. */
  status: ImportCardStatus;
  /** A file was chosen (选择文件). */
  onChooseFile?: (file: File) => void;
  /** A folder was chosen (选择文件夹): every file in it, the app keeps the Markdown ones. */
  onChooseFolder?: (files: File[]) => void;
  /** 开始导入, with the person's choice about 昵称 and 自我介绍. */
  onStart?: (options: { takeProfile: boolean }) => void;
  /** 取消 while uploading or previewed, 取消导入 while running. */
  onCancel?: () => void;
  /** Back to choosing a file, once the import ended (done, failed or cancelled). */
  onReset?: () => void;
};

/** 导入数据 on 个人资料: choose a file, see what it holds, import it with progress, read the summary. */
export function ImportCard({
  className,
  status,
  onChooseFile,
  onChooseFolder,
  onStart,
  onCancel,
  onReset,
  ...props
}: ImportCardProps) {
  const titleId = React.useId();
  const again = (label: string) => (
    <div className="flex justify-end">
      <Button variant="secondary" size="sm" onClick={onReset}>
        {label}
      </Button>
    </div>
  );
  return (
    <Card
      data-slot="import-card"
      data-state={status.phase}
      role="region"
      aria-labelledby={titleId}
      className={className}
      {...props}
    >
      <CardHeader>
        <CardTitle id={titleId}>导入数据</CardTitle>
        <CardDescription>
          把拾念的导出文件，或 flomo、memos、Markdown 里的内容导入到这个账户。
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {status.phase === "idle" || status.phase === "refused" ? (
          <>
            {status.phase === "refused" ? (
              <Alert tone="error" title="无法导入这个文件" description={status.error} />
            ) : null}
            <ImportChooser onChooseFile={onChooseFile} onChooseFolder={onChooseFolder} />
          </>
        ) : null}
        {status.phase === "uploading" ? (
          <>
            <div role="status" className="flex items-center gap-2">
              <Spinner size="sm" label={null} className="text-primary" />
              <p className="min-w-0 break-all">正在上传「{status.fileName}」…</p>
            </div>
            <p className="text-muted-foreground">上传后会先显示文件里有什么，确认后才开始导入。</p>
            <div className="flex justify-end">
              <Button variant="secondary" size="sm" onClick={onCancel}>
                取消
              </Button>
            </div>
          </>
        ) : null}
        {status.phase === "previewed" ? (
          <ImportPreview status={status} onStart={onStart} onCancel={onCancel} />
        ) : null}
        {status.phase === "running" ? <ImportRunning status={status} onCancel={onCancel} /> : null}
        {status.phase === "done" ? (
          <>
            <ImportSummary status={status} />
            {again("导入其他文件")}
          </>
        ) : null}
        {status.phase === "failed" ? (
          <>
            <Alert tone="error" title="导入失败" description={status.error} />
            {again("重新选择文件")}
          </>
        ) : null}
        {status.phase === "cancelled" ? (
          <>
            <Alert
              tone="info"
              title="已取消导入"
              description="这次导入的内容已全部撤回，账户里的数据和导入前一样。"
            />
            {again("导入其他文件")}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ImportRunning({
  status,
  onCancel,
}: {
  status: Extract<ImportCardStatus, { phase: "running" }>;
  onCancel?: () => void;
}) {
  const percent = status.total > 0 ? Math.floor((status.done / status.total) * 100) : 0;
  return (
    <div data-slot="import-running" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0">
          {status.cancelling
            ? "正在取消并撤回已导入的内容…"
            : status.queued
              ? `排队中：${status.kindLabel}，稍后自动开始`
              : `正在导入：${status.kindLabel}`}
        </p>
        <span className="shrink-0 text-muted-foreground text-xs tabular-nums">{percent}%</span>
      </div>
      {/* while rolling back the bar stands still, dimmed: it is no longer the import's progress */}
      <Progress
        value={percent}
        aria-label="导入进度"
        aria-valuetext={`${percent}%`}
        className={status.cancelling ? "opacity-50" : undefined}
      />
      <p className="text-muted-foreground text-xs tabular-nums">
        已处理 {status.done} / {status.total} 条
        {status.reconnecting
          ? " · 网络不稳定，正在重新连接…"
          : status.cancelling
            ? ""
            : " · 离开这个页面不会中断导入"}
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" size="sm" loading={status.cancelling} onClick={onCancel}>
          取消导入
        </Button>
      </div>
    </div>
  );
}

import { Alert } from "../../primitives/alert";

/** 2026/11/26 03:12, in Beijing time: the product's clock, the same on every device. */
const beijing = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
export const formatBackupTime = (iso: string) => beijing.format(new Date(iso));

const formatSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export type WebdavBackupState = {
  /** ISO time of the next upload; null when 关闭. */
  nextRunAt: string | null;
  running: boolean;
  lastSuccess: { at: string; fileName: string; bytes: number } | null;
  /** The last failure since the last success. */
  lastFailure: { at: string; message: string } | null;
  /** When the address or user name was last set: a target the person did not choose stands out. */
  targetChangedAt: string | null;
  /** Paused by a password change or reset: why, and what to do. */
  stopped: { at: string; message: string } | null;
};

/**
 * Where the backups stand: the failure first (what to fix), then the last success and the next
 * run. `scheduled` without a next run: paused by a failure only new settings can fix.
 */
export function WebdavStatus({
  nextRunAt,
  running,
  lastSuccess,
  lastFailure,
  targetChangedAt,
  stopped,
  scheduled,
}: WebdavBackupState & { scheduled: boolean }) {
  return (
    <div data-slot="webdav-status" className="flex flex-col gap-3 text-sm">
      {stopped ? (
        <Alert
          tone="warning"
          title={`备份已暂停（${formatBackupTime(stopped.at)}）`}
          description={stopped.message}
        />
      ) : null}
      {lastFailure ? (
        <Alert
          tone="error"
          title={`备份失败（${formatBackupTime(lastFailure.at)}）`}
          description={lastFailure.message}
        >
          <p className="text-xs">
            {nextRunAt ? "改好设置后点「立即备份」，或等它自动重试。" : "改好设置后点「立即备份」。"}
          </p>
        </Alert>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">上次成功</dt>
        <dd className="min-w-0">
          {lastSuccess ? (
            <>
              {formatBackupTime(lastSuccess.at)} · {formatSize(lastSuccess.bytes)}
              <span className="block break-all text-muted-foreground text-xs">{lastSuccess.fileName}</span>
            </>
          ) : (
            "还没有成功过"
          )}
        </dd>
        <dt className="text-muted-foreground">下次备份</dt>
        <dd>
          {running
            ? "正在备份…"
            : stopped
              ? "已暂停，确认地址后重新保存即可恢复"
              : nextRunAt
                ? formatBackupTime(nextRunAt)
                : scheduled
                  ? "已暂停，改好设置后恢复"
                  : "定时备份已关闭"}
        </dd>
        {targetChangedAt ? (
          <>
            <dt className="text-muted-foreground">地址设置于</dt>
            <dd>{formatBackupTime(targetChangedAt)}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

import type { ExportCount } from "@shinian/contract";
import type { ExportStatus } from "@shinian/ui";
import { formatDateTime } from "../../lib/format-date-time.ts";

/** The export's timeouts and the progress each phase shows. */
export const EXPORT_PERMISSION_TIMEOUT_MS = 30_000;
export const EXPORT_REQUEST_TIMEOUT_MS = 90_000;
export const PREPARING_PROGRESS = 10;
export const PROCESSING_START = 30;
export const PROCESSING_CAP = 85;
export const PROCESSING_TICK_MS = 1_000;
export const DOWNLOADING_PROGRESS = 95;
export const COMPLETE_AFTER_MS = 1_000;
/** How long 正在准备导出 stays up before the request goes out, so the step is visible. */
export const PREPARING_MS = 400;

/** The fixed Chinese texts of each phase and failure. */
export const EXPORT_MESSAGES = {
  checking: "正在检查导出权限...",
  preparing: "正在准备导出数据...",
  processing: ["正在整理你的想法...", "正在整理你的笔记...", "正在打包对话记录...", "正在生成压缩文件..."],
  downloading: "正在下载文件...",
  completed: "导出完成",
  permissionFailedStatus: "检查权限失败",
  exportFailedStatus: "导出失败",
  permissionFailed: "检查导出权限失败",
  noData: "导出失败：未收到响应数据",
  unknown: "未知错误",
  cooldown: (date: string | null) => `暂时无法导出数据，下次可导出时间：${date ?? "未知"}`,
} as const;

export type ExportPermissionAnswer = {
  success: boolean;
  message?: string;
  data?: { canExport: boolean; nextAllowedDate?: string | null; retryAfterSeconds?: number | null } | null;
};

export type ExportDownload = {
  blob: Blob | null | undefined;
  filename: string;
  count: ExportCount | null;
};

/** What the person chose for this export: 回收站 too, or not. */
export type ExportOptions = { includeTrash?: boolean };

/** The machine's I/O, injected so tests drive it with fakes and fake timers. */
export type ExportIO = {
  checkPermission: (signal: AbortSignal) => Promise<ExportPermissionAnswer>;
  requestExport: (signal: AbortSignal, options: ExportOptions) => Promise<ExportDownload>;
  saveFile: (blob: Blob, filename: string) => void;
  /** Formats nextAllowedDate for the cooldown message. */
  formatDate?: (iso: string) => string;
  random?: () => number;
  now?: () => Date;
};

export const IDLE_STATUS: ExportStatus = {
  status: "idle",
  progress: 0,
  message: "",
  error: null,
  result: null,
};

const RUNNING = new Set(["checking", "preparing", "processing", "downloading"]);

class StepError extends Error {
  readonly statusTitle: string;
  constructor(statusTitle: string, message: string) {
    super(message);
    this.statusTitle = statusTitle;
  }
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : EXPORT_MESSAGES.unknown;

/**
 * The export flow: idle → checking → preparing (10%) → processing (30%, +2–10 every
 * second, at most 85%, rotating messages) → downloading (95%) → completed (100%, 1 s later).
 * Any failure → error. reset() stops the simulation and cancels the request; cancel() aborts and
 * resets. Framework-free: React subscribes to it, tests drive it with fake timers.
 */
export function createExportMachine(io: ExportIO) {
  const random = io.random ?? Math.random;
  const now = io.now ?? (() => new Date());
  const formatDate = io.formatDate ?? formatDateTime;
  const listeners = new Set<(status: ExportStatus) => void>();
  let status: ExportStatus = IDLE_STATUS;
  let run = 0;
  let controller: AbortController | null = null;
  let ticker: ReturnType<typeof setInterval> | null = null;
  let timers = new Set<ReturnType<typeof setTimeout>>();

  const set = (next: ExportStatus) => {
    status = next;
    for (const listener of listeners) listener(status);
  };
  const stopSimulation = () => {
    if (ticker) clearInterval(ticker);
    ticker = null;
  };
  const clearTimers = () => {
    for (const timer of timers) clearTimeout(timer);
    timers = new Set();
  };
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const startSimulation = (current: number) => {
    let step = 0;
    ticker = setInterval(() => {
      if (current !== run || status.status !== "processing") return;
      step += 1;
      const messages = EXPORT_MESSAGES.processing;
      set({
        ...status,
        progress: Math.min(PROCESSING_CAP, status.progress + 2 + Math.floor(random() * 9)),
        message: messages[step % messages.length] ?? messages[0],
      });
    }, PROCESSING_TICK_MS);
  };

  // 再次导出 repeats the last choice
  let options: ExportOptions = {};

  async function start(chosen?: ExportOptions) {
    if (RUNNING.has(status.status)) return;
    if (chosen) options = chosen;
    stopSimulation();
    clearTimers();
    controller?.abort();
    const current = ++run;
    const ctrl = new AbortController();
    controller = ctrl;
    const live = () => current === run && !ctrl.signal.aborted;

    set({ status: "checking", progress: 0, message: EXPORT_MESSAGES.checking, error: null, result: null });
    try {
      let permission: ExportPermissionAnswer;
      try {
        permission = await io.checkPermission(ctrl.signal);
      } catch (error) {
        throw new StepError(
          EXPORT_MESSAGES.permissionFailedStatus,
          messageOf(error) || EXPORT_MESSAGES.permissionFailed,
        );
      }
      if (!live()) return;
      if (!permission?.success || !permission.data) {
        throw new StepError(EXPORT_MESSAGES.permissionFailedStatus, EXPORT_MESSAGES.permissionFailed);
      }
      if (!permission.data.canExport) {
        const next = permission.data.nextAllowedDate;
        throw new StepError(
          EXPORT_MESSAGES.exportFailedStatus,
          EXPORT_MESSAGES.cooldown(next ? formatDate(next) : null),
        );
      }

      set({
        ...status,
        status: "preparing",
        progress: PREPARING_PROGRESS,
        message: EXPORT_MESSAGES.preparing,
      });
      await wait(PREPARING_MS);
      if (!live()) return;

      set({
        ...status,
        status: "processing",
        progress: PROCESSING_START,
        message: EXPORT_MESSAGES.processing[0],
      });
      startSimulation(current);
      const download = await io.requestExport(ctrl.signal, options);
      stopSimulation();
      if (!live()) return;
      if (!download?.blob) throw new StepError(EXPORT_MESSAGES.exportFailedStatus, EXPORT_MESSAGES.noData);

      set({
        ...status,
        status: "downloading",
        progress: DOWNLOADING_PROGRESS,
        message: EXPORT_MESSAGES.downloading,
      });
      io.saveFile(download.blob, download.filename);
      await wait(COMPLETE_AFTER_MS);
      if (!live()) return;
      set({
        status: "completed",
        progress: 100,
        message: EXPORT_MESSAGES.completed,
        error: null,
        result: {
          filename: download.filename,
          fileSize: download.blob.size,
          exportCount: download.count ?? { thoughts: 0, notes: 0, total: 0 },
          exportTime: now().toISOString(),
        },
      });
    } catch (error) {
      stopSimulation();
      if (!live()) return;
      const title = error instanceof StepError ? error.statusTitle : EXPORT_MESSAGES.exportFailedStatus;
      set({ status: "error", progress: 0, message: title, error: messageOf(error), result: null });
    } finally {
      if (current === run) controller = null;
    }
  }

  function reset() {
    run += 1;
    stopSimulation();
    clearTimers();
    controller?.abort();
    controller = null;
    set(IDLE_STATUS);
  }

  return {
    getStatus: () => status,
    subscribe(listener: (status: ExportStatus) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isExporting: () => RUNNING.has(status.status),
    start,
    /** 再次导出: a new run from completed or error, with the same choice. */
    retry: () => start(),
    reset,
    cancel: reset,
  };
}

export type ExportMachine = ReturnType<typeof createExportMachine>;

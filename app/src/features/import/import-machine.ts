// Over 300 lines on purpose: createImportMachine is one closure because its steps (upload,
// preview, poll, start, cancel, resume after a reload) share one status, one timer and one abort
// signal; split, each part would take all three as arguments. Its unit tests drive it as one.
import type { ImportCreated, ImportStatus, StartImportRequest } from "@shinian/contract";
import { IMPORT_KIND_LABELS } from "@shinian/contract/constants";
import type { ImportCardStatus } from "@shinian/ui";
import { isAbortError, isApiError, REQUEST_FAILED_MESSAGE } from "../../api/api-error.ts";

/** How often a running import's progress is read, and the longest wait after failed reads. */
export const POLL_MS = 700;
export const POLL_BACKOFF_MAX_MS = 10_000;

export const IMPORT_MESSAGES = {
  tooLarge: "文件太大，无法导入",
  unknownKind: "无法识别这个文件：请选择拾念导出文件、flomo 导出、memos 数据库或 Markdown 文件",
  busy: "已有一个导入正在进行，请等它结束后再试",
  uploadFailed: "上传失败，请稍后重试",
  noMarkdown: "这个文件夹里没有 Markdown（.md）文件",
  failed: "导入没有完成，请稍后重试",
  lostJob: "找不到这次导入：它可能已过期或被取消",
  resumedFile: "上次选择的文件",
} as const;

const REFUSALS: Record<number, string> = {
  409: IMPORT_MESSAGES.busy,
  413: IMPORT_MESSAGES.tooLarge,
  415: IMPORT_MESSAGES.unknownKind,
};

/** The machine's I/O, injected so tests drive it with fakes and fake timers. */
export type ImportIO = {
  upload: (files: File[], signal: AbortSignal) => Promise<ImportCreated>;
  start: (jobId: string, body: StartImportRequest) => Promise<ImportStatus>;
  status: (jobId: string, signal: AbortSignal) => Promise<ImportStatus>;
  cancel: (jobId: string) => Promise<ImportStatus>;
  /** A job that ran has ended (done, failed or rolled back): the account's data may have changed. */
  onSettled?: () => void;
  /** Keeps the job's id across a reload, so the page can follow it again (`resume`). */
  remember?: (jobId: string | null) => void;
  /** The id kept by `remember` (this account's, across reloads), if any. */
  recall?: () => string | null;
};

const IDLE: ImportCardStatus = { phase: "idle" };
const isMarkdown = (file: File) => /\.(md|markdown)$/i.test(file.name);
const ended = (phase: ImportCardStatus["phase"]) =>
  phase === "done" || phase === "failed" || phase === "cancelled";
/** A refusal of the request itself: asking again changes nothing. Anything else is waited out. */
const isFinalRefusal = (error: unknown) =>
  isApiError(error) && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);
const serverMessage = (error: unknown) =>
  isApiError(error) && error.message !== REQUEST_FAILED_MESSAGE ? error.message : null;

/**
 * 导入数据: idle → uploading → previewed (or refused) → running (read every 700 ms, slower after
 * failed reads) → done | failed | cancelled. 取消 aborts an upload, drops a previewed job, and
 * rolls a running one back. A start whose answer is lost (network, timeout, 5xx) keeps the job and
 * reads it: still previewed offers 开始导入 again, running is followed. An upload refused because
 * this account's import is running follows that import when its id is known.
 * Framework-free: React subscribes, tests drive it with fake timers.
 */
export function createImportMachine(io: ImportIO) {
  const listeners = new Set<(status: ImportCardStatus) => void>();
  let status: ImportCardStatus = IDLE;
  let jobId: string | null = null;
  let run = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  // the previewed file's name, shown again if a start in doubt turns out not to have happened
  let fileShown: string = IMPORT_MESSAGES.resumedFile;

  const set = (next: ImportCardStatus) => {
    status = next;
    for (const listener of listeners) listener(status);
  };
  // status changes while a call is awaited: read it afresh, not as narrowed before the await
  const running = () => status.phase === "running";
  const reconnecting = () => {
    if (status.phase === "running") set({ ...status, reconnecting: true });
  };
  const remember = (id: string | null) => {
    jobId = id;
    io.remember?.(id);
  };
  const stop = () => {
    run += 1;
    if (timer) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
    failures = 0;
  };

  const showPreview = (answer: ImportStatus) =>
    set({
      phase: "previewed",
      fileName: fileShown,
      kindLabel: IMPORT_KIND_LABELS[answer.kind],
      preview: answer.preview,
      offersProfile: answer.kind === "shinian",
    });

  /** The server's word on the job; nothing moves an import that has ended, except reset. */
  function apply(answer: ImportStatus) {
    if (ended(status.phase)) return;
    const kindLabel = IMPORT_KIND_LABELS[answer.kind];
    // only a start that never reached the server leaves the job waiting: offer 开始导入 again
    if (answer.status === "previewed" && !(status.phase === "running" && status.cancelling)) {
      showPreview(answer);
      return;
    }
    if (answer.status === "previewed" || answer.status === "running" || answer.status === "queued") {
      const cancelling = status.phase === "running" && status.cancelling;
      const queued = answer.status === "queued";
      set({ phase: "running", kindLabel, done: answer.done, total: answer.total, cancelling, queued });
      return;
    }
    if (answer.status === "done")
      set({
        phase: "done",
        imported: answer.imported,
        skipped: answer.skipped,
        refused: answer.refused,
        refusedCount: answer.refusedCount,
      });
    else if (answer.status === "failed")
      set({ phase: "failed", error: answer.error ?? IMPORT_MESSAGES.failed });
    else set({ phase: "cancelled" });
    remember(null);
    io.onSettled?.();
  }

  function poll(current: number) {
    const wait = Math.min(POLL_MS * 2 ** failures, POLL_BACKOFF_MAX_MS);
    timer = setTimeout(async () => {
      timer = null;
      const id = jobId;
      if (current !== run || !id) return;
      const ctrl = new AbortController();
      controller = ctrl;
      try {
        const answer = await io.status(id, ctrl.signal);
        if (current !== run) return;
        failures = 0;
        apply(answer);
      } catch (error) {
        if (current !== run || isAbortError(error)) return;
        if (isFinalRefusal(error)) {
          remember(null);
          set({ phase: "failed", error: serverMessage(error) ?? IMPORT_MESSAGES.lostJob });
          return;
        }
        failures += 1;
        reconnecting();
      }
      if (running()) poll(current);
    }, wait);
  }

  async function upload(files: File[], fileName: string) {
    if (status.phase !== "idle" && status.phase !== "refused") return;
    stop();
    const current = run;
    const ctrl = new AbortController();
    controller = ctrl;
    set({ phase: "uploading", fileName });
    try {
      const created = await io.upload(files, ctrl.signal);
      if (current !== run) return;
      remember(created.jobId);
      fileShown = fileName;
      set({
        phase: "previewed",
        fileName,
        kindLabel: IMPORT_KIND_LABELS[created.kind],
        preview: created.preview,
        offersProfile: created.kind === "shinian",
      });
    } catch (error) {
      if (current !== run || isAbortError(error)) return;
      const refusal = isApiError(error) ? REFUSALS[error.status] : undefined;
      const refused = {
        phase: "refused",
        error: serverMessage(error) ?? refusal ?? IMPORT_MESSAGES.uploadFailed,
      } as const;
      const known = isApiError(error) && error.status === 409 ? (jobId ?? io.recall?.() ?? null) : null;
      if (!known || !(await followRunning(known, current))) {
        if (current === run) set(refused);
      }
    }
  }

  /** The upload met a running (or queued) import of this account: show that one if it is the job we know. */
  async function followRunning(id: string, current: number) {
    const ctrl = new AbortController();
    controller = ctrl;
    try {
      const answer = await io.status(id, ctrl.signal);
      if (current !== run || (answer.status !== "running" && answer.status !== "queued")) {
        if (current === run && answer.status !== "previewed") remember(null);
        return false;
      }
      jobId = id;
      apply(answer);
      poll(current);
      return true;
    } catch (error) {
      if (current === run && isFinalRefusal(error)) remember(null);
      return false;
    }
  }

  async function start({ takeProfile }: { takeProfile: boolean }) {
    const id = jobId;
    if (status.phase !== "previewed" || !id) return;
    const { kindLabel, preview, offersProfile } = status;
    stop();
    const current = run;
    set({
      phase: "running",
      kindLabel,
      done: 0,
      total: preview.ideas + preview.notes + preview.conversations,
    });
    try {
      const answer = await io.start(id, offersProfile ? { takeProfile } : {});
      if (current !== run) return;
      apply(answer);
    } catch (error) {
      if (current !== run) return;
      if (isFinalRefusal(error)) {
        remember(null);
        set({ phase: "failed", error: serverMessage(error) ?? IMPORT_MESSAGES.failed });
        return;
      }
      // The start may have reached the server before the answer was lost: the job's state says.
      failures = 1;
      reconnecting();
    }
    if (running()) poll(current);
  }

  async function cancel() {
    const id = jobId;
    if (status.phase === "uploading" || status.phase === "previewed") {
      stop();
      // an upload in flight has no job yet: the id kept may be another tab's running import
      if (id) remember(null);
      set(IDLE);
      // the job waits a day for 开始导入 otherwise; nothing of it was imported either way
      if (id) void io.cancel(id).catch(() => undefined);
      return;
    }
    if (status.phase !== "running" || status.cancelling || !id) return;
    set({ ...status, cancelling: true });
    try {
      apply(await io.cancel(id));
    } catch {
      // not cancelled: the import goes on, and the next read shows it
      if (status.phase === "running") set({ ...status, cancelling: false });
    }
  }

  /** Follows a job started before a reload: previewed again, or its progress. */
  async function resume(id: string) {
    if (status.phase !== "idle") return;
    stop();
    const current = run;
    jobId = id;
    const ctrl = new AbortController();
    controller = ctrl;
    try {
      const answer = await io.status(id, ctrl.signal);
      if (current !== run) return;
      if (answer.status === "previewed") {
        fileShown = IMPORT_MESSAGES.resumedFile;
        showPreview(answer);
      } else if (answer.status === "running" || answer.status === "queued") {
        apply(answer);
        poll(current);
      } else remember(null); // it ended while the page was away: nothing to follow
    } catch (error) {
      if (current !== run || isAbortError(error)) return;
      if (isFinalRefusal(error)) remember(null);
      jobId = null;
    }
  }

  return {
    getStatus: () => status,
    subscribe(listener: (status: ImportCardStatus) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    chooseFile: (file: File) => upload([file], file.name),
    /** A folder's Markdown files; the rest of the folder (images, settings) is left behind. */
    chooseFolder(files: File[]) {
      const notes = files.filter(isMarkdown);
      if (notes.length === 0) {
        if (status.phase === "idle" || status.phase === "refused")
          set({ phase: "refused", error: IMPORT_MESSAGES.noMarkdown });
        return Promise.resolve();
      }
      const folder = notes[0]?.webkitRelativePath?.split("/")[0];
      return upload(notes, `${folder ? `「${folder}」中的 ` : ""}${notes.length} 个 Markdown 文件`);
    },
    start,
    cancel,
    resume,
    /** Back to choosing a file; a running import is left to the server (use cancel to stop it). */
    reset() {
      stop();
      jobId = null;
      set(IDLE);
    },
  };
}

export type ImportMachine = ReturnType<typeof createImportMachine>;

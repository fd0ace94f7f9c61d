// Over 300 lines on purpose: one supervisor: the thread's start, lease, budgets, cancel and shutdown share its state.
/**
 * An import's receiving, reading and writing run in a worker thread of their own (capped V8 heap, own
 * database connection), so the server's young generation does not grow for good; this process hands it
 * the upload's bytes and supervises it: it holds the job's lease and ends the thread when the job is
 * cancelled or taken over, past a time budget, or at shutdown. Why a thread: server/docs/internals.md,
 * "Import"; why not a process: server/docs/decisions.md.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Worker } from "node:worker_threads";
import type { ImportKind, ImportPreview } from "@shinian/contract";
import { loadSharp } from "../attachments/image.ts";
import type { AppDeps } from "../context.ts";
import type { Db } from "../db/pool.ts";
import { ApiError } from "../errors.ts";
import type { LogLevel } from "../logger.ts";
import {
  claimExpiredJobs,
  type ImportJobRow,
  releaseLease,
  renewLease,
  startImportJob,
} from "./jobs.store.ts";
import { failJob, finishCancel, unreadable } from "./jobs.ts";
import { foldedHere, prepareSearchWords, type SearchFields, type WordsPart } from "./search-words.ts";
import type { StoredPart } from "./stored-upload.ts";
import { freeUploadOriginals } from "./upload-originals.ts";

/**
 * The worker's heap. A young generation of 4 MB (semi-spaces of ~1.3 MB) keeps its garbage few
 * MB (8 MB grew the server ~5 MB more, at the same speed: docs/benchmarks-history.md, 导入数据); the old
 * generation holds at most one batch (≤ 4 M characters) and one record being parsed (≤ 16 MB)
 * beside the modules, far below this cap, which only stops a runaway: past it the thread
 * ends with ERR_WORKER_OUT_OF_MEMORY and its job is rolled back. (A cap too small for Node to start
 * a thread at all, ~2 MB, aborts the whole process instead: measured, keep it well above that.)
 */
export const IMPORT_THREAD_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 192 };

// The bundle (server/dist) holds import-worker.js beside this chunk; from source it is the .ts.
const workerFile = new URL(
  import.meta.url.endsWith(".ts") ? "./import-worker.ts" : "./import-worker.js",
  import.meta.url,
);

export type ThreadTask =
  | { task: "upload"; userId: string; jobId: string; contentType: string; maxBytes: number }
  | { task: "run"; job: ImportJobRow; owner: string };

export type WorkerData = ThreadTask & {
  connection: Record<string, unknown>;
  config: Pick<AppDeps["config"], "import" | "quota" | "attachments">;
};

export type Previewed = { parts: StoredPart[]; kind: ImportKind; preview: ImportPreview; total: number };

/** To the thread: the request's bytes (`{ chunk }`, then "end" or "abort"); the answers to its `words` questions and "sharpLoaded". */
export type ToThread = "end" | "abort" | "sharpLoaded" | { chunk: Uint8Array } | WordsAnswer;

/** From the thread. */
export type ThreadMessage =
  | { log: Exclude<LogLevel, "silent">; msg: string; fields?: Record<string, unknown> }
  /** a chunk of the request was taken: the next may come */
  | { ack: true }
  /** a batch was written */
  | { batch: true }
  /** records already done were skipped on a resume (every few hundred, and when skipping ends) */
  | { skipping: true }
  | { previewed: Previewed }
  | { refusal: { code: ApiError["code"]; message: string; extra: ApiError["extra"] } }
  | { failure: string }
  /** make these items' search words (a batch's, or part of one) */
  | { words: { id: number; items: SearchFields[] } }
  /** load sharp here first (image.ts: beforeSharpLoads); answered with "sharpLoaded" */
  | { loadSharp: true };

export type WordsAnswer = { words: { id: number; parts: WordsPart[] } | { id: number; error: string } };

/** How the worker reaches the same database: the pool's own settings, those that can be copied. */
function connectionOf(db: Db): Record<string, unknown> {
  const options = db.options as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // pg-pool keeps the password out of the enumerable settings: named here
  for (const key of [...Object.keys(options), "password"]) {
    const value = options[key];
    if (["string", "number", "boolean"].includes(typeof value)) out[key] = value;
  }
  return out;
}

/** Starts the worker for a task; `onMessage` gets all but its log lines and questions. */
function startThread(deps: AppDeps, task: ThreadTask, onMessage: (m: ThreadMessage) => void) {
  const data: WorkerData = {
    ...task,
    connection: connectionOf(deps.db),
    config: { import: deps.config.import, quota: deps.config.quota, attachments: deps.config.attachments },
  };
  const worker = new Worker(workerFile, {
    workerData: data,
    resourceLimits: IMPORT_THREAD_LIMITS,
  });
  const send = (m: ToThread) => worker.postMessage(m);
  // at shutdown a thread ends at once: an open batch is rolled back, its job resumed by the next process
  const stop = () => void worker.terminate();
  const exited = new Promise<{ code: number; error?: Error }>((resolve) => {
    let error: Error | undefined;
    worker.on("error", (err) => {
      error = err;
    });
    worker.on("exit", (code) => {
      deps.work.signal.removeEventListener("abort", stop);
      resolve({ code, error });
    });
  });
  worker.on("message", (m: ThreadMessage) => {
    if ("log" in m) deps.logger[m.log](m.msg, m.fields);
    else if ("words" in m) {
      const { id, items } = m.words;
      foldedHere(items).then(
        (parts) => send({ words: { id, parts } }),
        (err: unknown) => {
          deps.logger.warn("import search words failed", { err });
          send({ words: { id, error: err instanceof Error ? err.message : String(err) } });
        },
      );
    } else if ("loadSharp" in m)
      loadSharp().then(
        () => send("sharpLoaded"),
        (err: unknown) => {
          deps.logger.error("sharp failed to load", { err });
          send("sharpLoaded"); // the thread's own load then fails with the reason
        },
      );
    else onMessage(m);
  });
  if (deps.work.signal.aborted) stop();
  else deps.work.signal.addEventListener("abort", stop, { once: true });
  return { worker, exited, send };
}

/** A time budget as a person reads it: 1 小时, 2 分钟, 30 秒. */
const inWords = (ms: number) =>
  ms >= 3_600_000 ? `${ms / 3_600_000} 小时` : ms >= 60_000 ? `${ms / 60_000} 分钟` : `${ms / 1000} 秒`;

/** Chunks of the request passed on and not yet taken by the thread's parser. */
const IN_FLIGHT = 4;

/**
 * receiveUpload and previewUpload in a worker thread: the request's bytes are handed to it as they
 * arrive (moved, not copied: the main thread keeps no garbage of them), and it stores them, detects
 * the kind and counts what the file holds. A refusal (413, 415, …) ends the reading at once.
 */
export async function receiveAndPreviewInThread(
  deps: AppDeps,
  userId: string,
  jobId: string,
  request: Request,
  incoming?: IncomingMessage,
): Promise<Previewed> {
  if (!request.body) throw new ApiError("VALIDATION_ERROR", "请选择要导入的文件");
  prepareSearchWords().catch((err) => deps.logger.warn("import search words failed", { err }));
  const reader = request.body.getReader();
  // the request's own pieces, copied into the chunks read here, are freed as they are read
  const stopFreeing = freeUploadOriginals(incoming);
  let answer: ThreadMessage | undefined;
  let inFlight = 0;
  let wake: (() => void) | undefined;
  // an answer (a refusal) or the thread's end stops the reading even while no byte arrives
  let stopReading = () => {};
  const stopped = new Promise<{ done: true; value: undefined }>((resolve) => {
    stopReading = () => resolve({ done: true, value: undefined });
  });
  const task = {
    task: "upload" as const,
    userId,
    jobId,
    contentType: request.headers.get("content-type") ?? "",
    maxBytes: deps.config.import.maxBytes,
  };
  // the reading after the last byte has its deadline: past it the thread is ended and the slot freed
  let deadline: NodeJS.Timeout | undefined;
  let overtime = false;
  const thread = startThread(deps, task, (m) => {
    if ("ack" in m) inFlight--;
    else {
      clearTimeout(deadline);
      answer = m;
      stopReading();
    }
    wake?.();
  });
  const { worker } = thread;
  // the client gone before its answer (mid-preview too): the thread ends, and the upload's slot with it
  request.signal.addEventListener("abort", () => void worker.terminate(), { once: true });
  let gone = false; // the thread ended (it answers before it ends, unless it died)
  const ended = thread.exited.then((result) => {
    clearTimeout(deadline);
    gone = true;
    stopReading();
    wake?.();
    return result;
  });
  let bodyError: unknown;
  try {
    for (;;) {
      while (inFlight >= IN_FLIGHT && !answer && !gone) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      if (answer || gone) break;
      const { value, done } = await Promise.race([reader.read(), stopped]);
      if (answer || gone) break;
      if (done) {
        thread.send("end");
        deadline = setTimeout(() => {
          overtime = true;
          void worker.terminate();
        }, deps.config.import.previewMs);
        break;
      }
      // a chunk that is its whole buffer moves to the thread; a view into a larger one is copied
      const chunk =
        value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? value : value.slice();
      inFlight++;
      try {
        worker.postMessage({ chunk }, [chunk.buffer as ArrayBuffer]);
      } catch {
        worker.postMessage({ chunk: value.slice() }); // a buffer that cannot move
      }
    }
  } catch (err) {
    bodyError = err; // the connection ended, stalled (408) or passed a limit
    thread.send("abort");
  } finally {
    stopFreeing(); // what is left of a refused upload is drained as sent
    if (answer || gone || bodyError) reader.cancel().catch(() => undefined);
  }
  await stopped; // the thread answered, or ended without an answer
  if (answer && "previewed" in answer && !bodyError) return answer.previewed;
  const { code, error } = await ended;
  if (bodyError) {
    if (bodyError instanceof ApiError) throw bodyError;
    throw new ApiError("VALIDATION_ERROR", "上传内容无法解析");
  }
  if (answer && "refusal" in answer) {
    const { code: errorCode, message, extra } = answer.refusal;
    throw new ApiError(errorCode, message, extra);
  }
  if (overtime) {
    const limit = inWords(deps.config.import.previewMs);
    throw new ApiError("PAYLOAD_TOO_LARGE", `读取这个文件超过了 ${limit}，已停止：请把文件分成几份再导入`);
  }
  deps.logger.warn("import preview thread failed", { jobId, code, err: error ?? answer });
  throw unreadable();
}

/** Jobs running in this process, by id: how to end each when it is cancelled here. */
const runningHere = new Map<string, () => void>();
/** Places for jobs taken in this process (running, or about to): at most import.maxJobs. */
let placesTaken = 0;

/** Takes up to `wanted` free places in this process: how many it got. */
function takePlaces(deps: AppDeps, wanted: number): number {
  const got = Math.max(0, Math.min(wanted, deps.config.import.maxJobs - placesTaken));
  placesTaken += got;
  return got;
}

/** Ends this process's runner of a job being cancelled here: at once, its open batch rolled back. */
export const stopRunningHere = (jobId: string) => runningHere.get(jobId)?.();

/**
 * previewed → running here when this process has a free place, else queued (unleased) for the
 * first process with one (resumeOrphanedImports). Null when the job is not previewed.
 */
export async function startJob(deps: AppDeps, userId: string, jobId: string, takeProfile: boolean) {
  // a process draining at shutdown starts nothing: the job waits queued for the next one
  const owner = !deps.work.signal.aborted && takePlaces(deps, 1) ? randomUUID() : null;
  let started: ImportJobRow | null = null;
  try {
    started = await startImportJob(deps.db, userId, jobId, takeProfile, owner, deps.config.import.leaseMs);
  } finally {
    if (owner && !started) placesTaken--;
  }
  if (started && owner) supervise(deps, started, owner);
  // queued: a place here may have freed since (its resume ran before this job was queued)
  else if (started) lookSoon(deps);
  return started;
}

const overBudget = {
  job: (ms: number) => `导入用时超过了上限（${inWords(ms)}），请把文件分成几份再导入`,
  batch: (ms: number) => `有一批内容用时超过了上限（${inWords(ms)}），请把文件分成几份再导入`,
};

/**
 * runImport (jobs.ts) in a worker thread of its own, in a place taken for it, tracked as this
 * process's background work. Its supervisor renews the lease every third of it and ends the thread
 * when the job is cancelled or taken over (nothing more to do), at shutdown (the lease given back),
 * or past the job's or a batch's budget; a job so ended, or whose thread died without settling it
 * (out of its memory, say), is rolled back whole as failed, its reason said.
 */
function supervise(deps: AppDeps, job: ImportJobRow, owner: string) {
  const limits = deps.config.import;
  let why: "cancelled" | "lost" | keyof typeof overBudget | null = null;
  let failure: string | undefined;
  let thread: ReturnType<typeof startThread>;
  // the lease's last extension known here (a renewal, or a batch committed with its extension)
  let leasedAt = Date.now();
  try {
    thread = startThread(deps, { task: "run", job, owner }, (m) => {
      if ("batch" in m) {
        leasedAt = Date.now();
        batchBegins();
      } else if ("skipping" in m) batchBegins();
      else if ("failure" in m) failure = m.failure;
    });
  } catch (err) {
    // no thread: the place and the lease go back, for this or another process to try again
    placesTaken--;
    deps.logger.error("import thread failed to start", { jobId: job.id, err });
    deps.work
      .track(releaseLease(deps.db, job.id, owner))
      .catch((e: unknown) => deps.logger.warn("import lease release failed", { jobId: job.id, err: e }));
    return;
  }
  const end = (reason: NonNullable<typeof why>) => {
    why ??= reason;
    void thread.worker.terminate();
  };
  runningHere.set(job.id, () => end("cancelled"));
  const jobTimer = setTimeout(() => end("job"), Math.max(0, limits.jobMs - job.used_ms)).unref();
  // armed once the upload is open (the thread's start-up and the opening are no batch: the job's
  // budget bounds them), then again after each batch and every few hundred records skipped
  let batchTimer: NodeJS.Timeout | undefined;
  const batchBegins = () => {
    if (batchTimer) batchTimer.refresh();
    else batchTimer = setTimeout(() => end("batch"), limits.batchMs).unref();
  };
  let finished = false;
  let cancelAsked = false;
  let renewal: NodeJS.Timeout | undefined;
  const renewSoon = () => {
    renewal = setTimeout(async () => {
      if (finished) return;
      const asked = Date.now();
      // a failed renewal (the database away) leaves the runner be while its lease may still hold
      const state = await renewLease(deps.db, job.id, owner, limits.leaseMs).then(
        (held) => {
          if (held === "ours") leasedAt = asked;
          return held;
        },
        () => (Date.now() - leasedAt < limits.leaseMs ? "ours" : "lost"),
      );
      // the thread ended while the renewal was under way: nothing more of it (shutdown gave the lease back)
      if (finished) return;
      // cancelled from another process: its cancel settles the job once this thread's batch is rolled back
      if (state === "cancelling") {
        cancelAsked = true;
        end("cancelled");
      } else if (state === "lost") end("lost");
      else if (!why) renewSoon();
    }, limits.leaseMs / 3).unref();
  };
  renewSoon();
  const run = async () => {
    const { code, error } = await thread.exited;
    finished = true;
    for (const timer of [jobTimer, batchTimer, renewal]) clearTimeout(timer);
    runningHere.delete(job.id);
    placesTaken--;
    // a free place: the next queued job, here
    lookSoon(deps);
    if (cancelAsked) return finishCancel(deps.db, deps.logger, job.id);
    if (why === "cancelled" || why === "lost") return;
    if (deps.work.signal.aborted && !why) return releaseLease(deps.db, job.id, owner);
    if (!why && code === 0 && !failure) return;
    deps.logger.error("import thread ended", { jobId: job.id, why, code, err: error ?? failure });
    const reason =
      why === "job" || why === "batch" ? overBudget[why](limits[`${why}Ms`]) : "导入过程意外中止";
    // settles only while this process still holds the lease: a job the thread settled is left alone
    await failJob(deps.db, deps.logger, job.id, owner, reason);
  };
  deps.work.track(run()).catch(() => undefined);
}

/** Looks for a job to take at once (not during shutdown's drain: `later` starts nothing then). */
const lookSoon = (deps: AppDeps) =>
  deps.work.later(0, () =>
    resumeOrphanedImports(deps).catch((err) => deps.logger.warn("import resume failed", { err })),
  );

/**
 * Every process at start, once a minute, and when one of its jobs ends: claims, for its free
 * places, running jobs no live lease holds (their process died or stopped; queued ones), never one
 * it runs itself; looks again when the next lease held elsewhere expires.
 */
export async function resumeOrphanedImports(deps: AppDeps): Promise<number> {
  if (deps.work.signal.aborted) return 0; // draining at shutdown: nothing new starts
  const owner = randomUUID();
  const places = takePlaces(deps, deps.config.import.maxJobs);
  let found: Awaited<ReturnType<typeof claimExpiredJobs>> | undefined;
  try {
    found = await claimExpiredJobs(deps.db, owner, deps.config.import.leaseMs, places, [
      ...runningHere.keys(),
    ]);
  } finally {
    placesTaken -= places - (found?.claimed.length ?? 0);
  }
  const { claimed, nextExpiryMs } = found;
  for (const job of claimed) supervise(deps, job, owner);
  if (nextExpiryMs !== null && nextExpiryMs < 60_000 && !lookingAgain.has(deps.work)) {
    lookingAgain.add(deps.work);
    deps.work.later(Math.max(nextExpiryMs, 0) + 200, () => {
      lookingAgain.delete(deps.work);
      return resumeOrphanedImports(deps).catch((err) => deps.logger.warn("import resume failed", { err }));
    });
  }
  return claimed.length;
}

/** One timer per process at a time for the next expiring lease. */
const lookingAgain = new WeakSet<AppDeps["work"]>();

/**
 * An import's receiving, reading and writing (multipart parsing, zip inflate, parsing, its
 * batches) run in a worker thread of their own, with its own V8 heap under
 * `resourceLimits` and its own database connection; this process only hands it the upload's
 * bytes, starts it and waits. Why: an import allocates ~700 MB over 10,000
 * items, and what survives V8's scavenges across a batch's awaits made the server's young
 * generation grow from 16 to 128 MB and stay there (docs/benchmarks.md, 导入数据). In the worker
 * that garbage cannot size the heap every request shares, and the worker's heap goes when the
 * import ends. One thread per upload (with its preview) or job: at most two uploads at once in a
 * process, and one job per account; a job started soon after its preview runs in the preview's
 * thread, which waits for it a while (at most two wait at once: a second thread would load and
 * grow everything again). Only the half of the search words that needs pinyin-pro and
 * opencc-js is made here, on the main thread, which has them loaded anyway (search-words.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Worker } from "node:worker_threads";
import type { ImportKind, ImportPreview } from "@shinian/contract";
import type { AppDeps } from "../../context.ts";
import type { Db } from "../../db/pool.ts";
import { ApiError } from "../../errors.ts";
import { freeUploadOriginals } from "../../lib/upload-originals.ts";
import type { LogLevel } from "../../logger.ts";
import { claimExpiredJobs, type ImportJobRow } from "../../stores/import-jobs.ts";
import { loadSharp } from "../attachments/image.ts";
import { failJob } from "./jobs.ts";
import { foldedHere, prepareSearchWords, type SearchFields, type WordsPart } from "./search-words.ts";
import type { StoredPart } from "./stored-upload.ts";

/**
 * The worker's heap. A young generation of 4 MB (semi-spaces of ~1.3 MB) keeps its garbage few
 * MB (8 MB grew the server ~5 MB more, at the same speed: docs/benchmarks.md, 导入数据); the old
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

/**
 * To the thread: the request's bytes (`{ chunk }`, then "end" or "abort"); "stop" (shutdown); the
 * answers to its `words` questions and "sharpLoaded"; after a preview, the job to run there (`run`)
 * or "release" (none: the thread ends).
 */
export type ToThread =
  | "stop"
  | "end"
  | "abort"
  | "sharpLoaded"
  | "release"
  | { chunk: Uint8Array }
  | WordsAnswer
  | { run: { job: ImportJobRow; owner: string } };

/** From the thread. */
export type ThreadMessage =
  | { log: Exclude<LogLevel, "silent">; msg: string; fields?: Record<string, unknown> }
  /** a chunk of the request was taken: the next may come */
  | { ack: true }
  /** a previewed thread took the job it was sent to run */
  | { taken: true }
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

type Thread = {
  worker: Worker;
  exited: Promise<{ code: number; error?: Error }>;
  /** gets everything but its log lines and questions; replaced when a previewed thread runs its job */
  onMessage: (m: ThreadMessage) => void;
  send: (m: ToThread) => void;
};

/** Starts the worker for a task. */
function startThread(deps: AppDeps, task: ThreadTask, onMessage: Thread["onMessage"]): Thread {
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
  const stop = () => send("stop");
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
  const thread: Thread = { worker, exited, onMessage, send };
  worker.on("message", (m: ThreadMessage) => {
    if ("log" in m) deps.logger[m.log](m.msg, m.fields);
    else if ("words" in m) answerWords(deps, send, m.words);
    else if ("loadSharp" in m)
      loadSharp().then(
        () => send("sharpLoaded"),
        (err: unknown) => {
          deps.logger.error("sharp failed to load", { err });
          send("sharpLoaded"); // the thread's own load then fails with the reason
        },
      );
    else thread.onMessage(m);
  });
  if (deps.work.signal.aborted) stop();
  else deps.work.signal.addEventListener("abort", stop, { once: true });
  return thread;
}

/**
 * Threads that previewed an upload, waiting for its job to start (by job id): a job started within
 * IMPORT_START_WAIT of its preview runs there, without loading and growing a second thread (time
 * and memory in docs/benchmarks.md, 导入数据). At most MAX_WAITING wait at once (the oldest is let
 * go), each holding what its preview grew meanwhile (~30–40 MB); one per user, whose newer preview
 * replaces the older (stores/import-jobs.ts: markPreviewed).
 */
const waitingForStart = new Map<string, { thread: Thread; userId: string; timer: NodeJS.Timeout }>();
const MAX_WAITING = 2;

/** How many previews' threads wait for their start in this process. */
export const threadsWaitingForStart = () => waitingForStart.size;

/** The thread waiting for this job's start, no longer waiting. */
function takeWaiting(jobId: string): Thread | null {
  const waiting = waitingForStart.get(jobId);
  if (!waiting) return null;
  waitingForStart.delete(jobId);
  clearTimeout(waiting.timer);
  return waiting.thread;
}

/** Lets the thread that previewed this job go, if it waits: the job was cancelled or never kept. */
export const releasePreviewThread = (jobId: string) => takeWaiting(jobId)?.send("release");

function waitForStart(jobId: string, userId: string, thread: Thread, ms: number) {
  if (ms <= 0) return thread.send("release");
  for (const [id, waiting] of waitingForStart) if (waiting.userId === userId) releasePreviewThread(id);
  if (waitingForStart.size >= MAX_WAITING) releasePreviewThread(waitingForStart.keys().next().value!);
  const timer = setTimeout(() => releasePreviewThread(jobId), ms).unref();
  waitingForStart.set(jobId, { thread, userId, timer });
  // a thread that ended while waiting (it died, or the server stops) is forgotten
  thread.exited.then(() => {
    if (waitingForStart.get(jobId)?.thread === thread) takeWaiting(jobId);
  });
}

/** A thread's question for search words, answered when they are made (or why not). */
function answerWords(
  deps: AppDeps,
  send: Thread["send"],
  { id, items }: { id: number; items: SearchFields[] },
) {
  foldedHere(items).then(
    (parts) => send({ words: { id, parts } }),
    (err: unknown) => {
      deps.logger.warn("import search words failed", { err });
      send({ words: { id, error: err instanceof Error ? err.message : String(err) } });
    },
  );
}

const unreadable = () => new ApiError("VALIDATION_ERROR", "文件内容无法读取，请确认文件完整后重试");

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
  const thread = startThread(deps, task, (m) => {
    if ("ack" in m) inFlight--;
    else {
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
  if (answer && "previewed" in answer) {
    if (!bodyError) {
      waitForStart(jobId, userId, thread, deps.config.import.startWaitMs);
      return answer.previewed;
    }
    thread.send("release");
  }
  const { code, error } = await ended;
  if (bodyError) {
    if (bodyError instanceof ApiError) throw bodyError;
    throw new ApiError("VALIDATION_ERROR", "上传内容无法解析");
  }
  if (answer && "refusal" in answer) {
    const { code: errorCode, message, extra } = answer.refusal;
    throw new ApiError(errorCode, message, extra);
  }
  deps.logger.warn("import preview thread failed", { jobId, code, err: error ?? answer });
  throw unreadable();
}

/**
 * runImport (jobs.ts) in a worker thread, tracked as this process's background work: the thread
 * that previewed the upload if it still waits here, else a new one. A thread that dies (out of its
 * memory, say) without settling its job has the job rolled back here.
 */
export function runInBackground(deps: AppDeps, job: ImportJobRow, owner: string) {
  const run = async () => {
    let failure: string | undefined;
    let taken = false;
    const onMessage = (m: ThreadMessage) => {
      if ("taken" in m) taken = true;
      else if ("failure" in m) failure = m.failure;
    };
    const waiting = takeWaiting(job.id);
    let ended: { code: number; error?: Error } | null = null;
    if (waiting) {
      waiting.onMessage = onMessage;
      waiting.send({ run: { job, owner } });
      ended = await waiting.exited;
    }
    // no thread waited, or it ended before it took the job (it was stopping, or died): a new one
    // runs it (and, if the server is stopping, gives the lease back at once)
    if (!ended || !taken) ended = await startThread(deps, { task: "run", job, owner }, onMessage).exited;
    const { code, error } = ended;
    if (code === 0 && !failure) return;
    deps.logger.error("import thread failed", { jobId: job.id, code, err: error ?? failure });
    // settles only while this process still holds the lease: a job the thread settled is left alone
    await failJob(deps.db, deps.logger, job.id, owner, "导入过程意外中止");
  };
  deps.work.track(run()).catch(() => undefined);
}

/**
 * Every process at start and once a minute: resumes running jobs whose process died (their lease
 * expired), and looks again when the next lease held elsewhere expires.
 */
export async function resumeOrphanedImports(deps: AppDeps): Promise<number> {
  const owner = randomUUID();
  const { claimed, nextExpiryMs } = await claimExpiredJobs(deps.db, owner, deps.config.import.leaseMs);
  for (const job of claimed) runInBackground(deps, job, owner);
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

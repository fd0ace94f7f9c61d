import { availableParallelism } from "node:os";
import { isMainThread } from "node:worker_threads";
import { Piscina } from "piscina";
import { ApiError } from "../errors.ts";
import { type IndexedRow, noteVector } from "./words.ts";

/**
 * A long note's search words are made in a worker thread: segmenting 200,000 characters takes
 * 50–80 ms, which on the event loop every other request of every account would wait behind
 * (docs/benchmarks-history.md, npm run bench -- notes). Below this size it takes a few milliseconds and stays here.
 */
const OFF_LOOP_FROM = 20_000;
/** Waiting tasks beyond the busy threads; past it a save answers 503 instead of queueing without end. */
const MAX_QUEUE = 64;

// The bundle (server/dist) holds words-worker.js beside this chunk; from source it is the .ts.
const workerFile = new URL(
  import.meta.url.endsWith(".ts") ? "./words-worker.ts" : "./words-worker.js",
  import.meta.url,
);

let pool: Piscina | null = null;

// Started on first use and its thread ended when idle, so an idle server keeps no thread.
const threads = () =>
  (pool ??= new Piscina({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 30_000,
    maxQueue: MAX_QUEUE,
  }));

export async function noteVectorOffLoop(note: { title: string; content: string; tags: string[] }) {
  // an import's worker thread (import) is off the event loop already
  if (note.title.length + note.content.length < OFF_LOOP_FROM || !isMainThread) return noteVector(note);
  const running = threads();
  try {
    return (await running.run(note)) as string;
  } catch (error) {
    if (running.queueSize >= MAX_QUEUE)
      throw new ApiError("SERVICE_UNAVAILABLE", undefined, { headers: { "Retry-After": "5" } });
    throw error;
  }
}

/** The search words of a batch of stored rows (search/reindex.ts), always in a worker thread. */
export async function rowVectorsOffLoop(rows: IndexedRow[]): Promise<string[]> {
  return (await threads().run(rows, { name: "rowVectorsInWorker" })) as string[];
}

/** How many texts the worker threads have segmented so far. */
export const textsSegmentedOffLoop = () => pool?.completed ?? 0;

/** Shutdown: the worker threads end with the server. */
export async function closeTextIndexPool() {
  const closing = pool;
  pool = null;
  await closing?.close();
}

/**
 * Preloaded into the server the import bench starts (`node --import ./server/bench/memory-probe.mjs`,
 * set by `BENCH_IMPORT_PROBE=1`): every 20 ms (250 ms with collections) it appends the process's memory as V8 and Node see
 * it to BENCH_MEMORY_FILE, one JSON line `{t, rss, heapTotal, heapUsed, external, arrayBuffers, newSpace,
 * workerHeap, workerUsed}` (bytes; t is Date.now()), so the bench can say what the RSS growth is made of.
 * heapTotal and the rest are the main thread's heap; workerHeap and workerUsed sum the heaps of the
 * worker threads alive (an import's, import/import-thread.ts), found through Node's
 * `worker_threads` diagnostics channel. Run with `--expose-gc` (BENCH_IMPORT_PROBE=gc), it first
 * forces a full collection of the main heap each time, and heapUsed is then what is alive — the
 * measurement perturbs the run, so its RSS is not the reported one.
 */
import { subscribe } from "node:diagnostics_channel";
import { appendFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";
import { isMainThread } from "node:worker_threads";

const file = process.env.BENCH_MEMORY_FILE;
// a worker thread inherits the server's flags, this preload among them: only the main thread samples
if (file && isMainThread) {
  const collect = globalThis.gc;
  const workers = new Set();
  subscribe("worker_threads", ({ worker }) => {
    workers.add(worker);
    worker.once("exit", () => workers.delete(worker));
  });
  setInterval(
    async () => {
      collect?.();
      const m = process.memoryUsage();
      // V8's young generation (new space) apart from the rest of the heap (old, code, large objects)
      const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
      let workerHeap = 0;
      let workerUsed = 0;
      for (const worker of workers) {
        const h = await worker.getHeapStatistics().catch(() => null);
        workerHeap += h?.total_heap_size ?? 0;
        workerUsed += h?.used_heap_size ?? 0;
      }
      appendFileSync(
        file,
        `${JSON.stringify({ t: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, newSpace, workerHeap, workerUsed })}\n`,
      );
    },
    collect ? 250 : 20,
  ).unref();
}

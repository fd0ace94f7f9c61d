/**
 * Preloaded into the server the import bench starts (`node --import ./server/bench/memory-probe.mjs`,
 * set by `BENCH_IMPORT_PROBE=1`): every 20 ms (250 ms with collections) it appends the process's memory as V8 and Node see
 * it to BENCH_MEMORY_FILE, one JSON line `{t, rss, heapTotal, heapUsed, external, arrayBuffers, newSpace}`
 * (bytes; t is Date.now()), so the bench can say what the RSS growth is made of. Run with
 * `--expose-gc` (BENCH_IMPORT_PROBE=gc), it first forces a full collection each time, and
 * heapUsed is then what is alive — the measurement perturbs the run, so its RSS is not the
 * reported one.
 */
import { appendFileSync } from "node:fs";
import { getHeapSpaceStatistics } from "node:v8";

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const collect = globalThis.gc;
  setInterval(
    () => {
      collect?.();
      const m = process.memoryUsage();
      // V8's young generation (new space) apart from the rest of the heap (old, code, large objects)
      const newSpace = getHeapSpaceStatistics().find((s) => s.space_name === "new_space")?.space_size ?? 0;
      appendFileSync(
        file,
        `${JSON.stringify({ t: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, newSpace })}\n`,
      );
    },
    collect ? 250 : 20,
  ).unref();
}

// `node scripts/ensure-server-build.mjs && node server/bench/import-thread-floor.mjs`: what an
// import's worker thread costs before it reads anything — the RSS a worker adds to this process
// when empty, and when it has loaded every chunk of the bundle that server/dist/import-worker.js
// imports statically (pg, yauzl, the job and the writer; not the importers, each loaded when its
// kind is tried, nor busboy), under the import's resourceLimits, and the CPU the process spent
// until then. Each
// variant in a process of its own, BENCH_RUNS (4) workers one after another: the first pays for
// what later ones find already there (a malloc arena, pages glibc keeps after a worker ends).
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

const dist = path.resolve(import.meta.dirname, "../dist");
const limits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 192 }; // IMPORT_THREAD_LIMITS
const chunks = [
  ...readFileSync(path.join(dist, "import-worker.js"), "utf8").matchAll(
    /from "\.\/(chunk-\w+\.js)"|import "\.\/(chunk-\w+\.js)"/g,
  ),
].map((m) => pathToFileURL(path.join(dist, m[1] ?? m[2])).href);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function once(code) {
  await sleep(300);
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 5);
  const cpu = process.cpuUsage(); // every thread of the process
  const worker = new Worker(code, { eval: true, resourceLimits: limits });
  await new Promise((resolve) => worker.once("message", resolve));
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  await sleep(200);
  const settled = rssMb() - before;
  clearInterval(sampler);
  await worker.terminate();
  return { settled, peak: peak - before, cpuMs };
}

const runs = Number(process.env.BENCH_RUNS ?? 4);
const variants = {
  "empty worker": `require("node:worker_threads").parentPort.postMessage(1)`,
  "worker with the import's modules": `Promise.all(${JSON.stringify(chunks)}.map((c) => import(c))).then(() => require("node:worker_threads").parentPort.postMessage(1))`,
};
const only = process.argv[2];
if (only) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await once(variants[only]));
  const list = results
    .map((r) => `+${r.settled.toFixed(1)} MB (peak +${r.peak.toFixed(1)}), ${Math.round(r.cpuMs)} ms CPU`)
    .join("; ");
  console.log(`${only}, worker after worker — RSS once loaded: ${list}`);
} else {
  const { execFileSync } = await import("node:child_process");
  for (const name of Object.keys(variants)) {
    process.stdout.write(execFileSync(process.execPath, [import.meta.filename, name], { encoding: "utf8" }));
  }
}

/**
 * node server/bench/startup-layers.mjs — where the server's start-up time and memory go, loading
 * the bundle's parts in the order server/dist/index.js loads them (docs/benchmarks.md). Run
 * `npm run build:server` first. Starts no server; figures only. JavaScript, not TypeScript: a .ts
 * file would load Node's type stripper (~20 MB, ~200 ms) into the figures.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dist = path.resolve(import.meta.dirname, "../dist");
const entry = readFileSync(path.join(dist, "index.js"), "utf8");
const chunk = (file) => pathToFileURL(path.join(dist, file)).href;
const staticChunks = [...entry.matchAll(/^} from "\.\/(.+?\.js)";$/gm)].map((m) => chunk(m[1]));
const appChunk = chunk(/import\("\.\/(server-.+?\.js)"\)/.exec(entry)?.[1] ?? "missing.js");

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1]) / 1024;
let t = performance.now();
let rss = rssMb();
console.log(`| node started, first line of user code | ${t.toFixed(0)} ms | ${rss.toFixed(1)} MB |`);
async function step(name, load) {
  await load();
  const [t2, rss2] = [performance.now(), rssMb()];
  console.log(
    `| ${name} | +${(t2 - t).toFixed(0)} ms | +${(rss2 - rss).toFixed(1)} MB (${rss2.toFixed(1)}) |`,
  );
  [t, rss] = [t2, rss2];
}
await step("node:http (loads undici), node:crypto, node:child_process", async () => {
  await import("node:http");
  await import("node:crypto");
  await import("node:child_process");
});
await step("zod + configuration + embedded PostgreSQL module", async () => {
  for (const url of staticChunks) await import(url);
});
await step("the app: Hono, pg, routes, the contract's schemas", () => import(appChunk));

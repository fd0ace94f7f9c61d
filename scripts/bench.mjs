// npm run bench -- <name> [args…]: one entry for every benchmark, so the root scripts stay a short
// menu. Builds what the benchmark runs against when stale (the web app, the server bundle), then
// runs it on this Node (npm puts node_modules/.bin first on a script's PATH: Node 24).
// Without a name it lists them. Figures only: no benchmark asserts anything.
import { spawnSync } from "node:child_process";

const benches = {
  server: {
    builds: ["server"],
    file: "server/bench/bench.ts",
    about:
      "start-up, capture, feed, search vs LIKE, export; modes: import, tags, related, slow-clients, search-words, export-images",
  },
  startup: {
    builds: ["server"],
    file: "server/bench/startup.ts",
    about: "restart time, CPU and idle memory of the server",
  },
  ai: {
    builds: ["server"],
    file: "server/bench/ai.ts",
    about: "time to first token added by the server; grounding retrieval",
  },
  notes: {
    builds: ["server"],
    file: "server/bench/big-notes.ts",
    about: "50 notes of 200,000 characters against another address's health",
  },
  review: {
    builds: [],
    file: "server/bench/review.ts",
    about: "每日回顾 and 那年今日 for one account of 10,000 items",
  },
  stats: {
    builds: [],
    file: "server/bench/stats.ts",
    about: "统计 (GET /api/stats) at 10,000 items, against the plain GROUP BY it replaces",
  },
  "wasm-wrappers": {
    builds: [],
    file: "server/bench/wasm-wrappers.ts",
    about: "HEIC decoding and sql.js with and without the Wasm wrapper flag of server/src/wasm-wrappers.ts",
  },
  "related-groups": {
    builds: [],
    file: "server/bench/related-groups.ts",
    about: "相关内容 without a model: how much of its topic group an idea's 5 related hold (300 ideas)",
  },
  "related-methods": {
    builds: [],
    file: "server/bench/related-methods.ts",
    about:
      "matchings tried for 相关内容 without a model, in memory on the tuning set (with and without the lexicon)",
  },
  "text-pinyin": {
    builds: [],
    file: "server/bench/text-pinyin.ts",
    about:
      "search words v2 (pinyin of a text's words, topics) against v1 at 100,000 ideas: sizes, search p95",
  },
  "trash-annotations": {
    builds: [],
    file: "server/bench/trash-annotations.ts",
    about:
      "the sweep's check for files on 批注 in 回收站, at 200 and 10,000 trashed ideas, with and without an index",
  },
  similar: {
    builds: [],
    file: "server/bench/similar.ts",
    about: "你想过这个 (POST /api/similar) at 10,000 items",
  },
  attachments: {
    builds: ["server"],
    file: "server/bench/attachments.ts",
    about: "image uploads: time and the server's memory",
  },
  hybrid: {
    builds: ["server"],
    file: "server/bench/hybrid-search.ts",
    about: "hybrid search (words + meaning) against keyword-only",
  },
  webhooks: {
    builds: [],
    file: "server/bench/webhooks.ts",
    about: "from a change's commit to its webhook's first attempt, two workers, one slow endpoint",
  },
  events: {
    builds: [],
    file: "server/bench/events.ts",
    about: "live stream: a change on one process to a stream on another; 1,000 open streams' memory",
  },
  "mcp-search": {
    builds: ["server"],
    file: "server/bench/mcp-search.ts",
    about: "the MCP search tool at 10,000 items over the SDK's client",
  },
  web: {
    builds: [],
    file: "scripts/bench-web.mjs",
    about: "gzipped JS and Lighthouse for /login and / → docs/benchmarks-web.md",
  },
  capacity: {
    builds: ["web", "server"],
    file: "deploy/bench/capacity.ts",
    about: "CPU per request on the deploy/ stack → docs/scaling.md",
  },
};

const buildScripts = { web: "scripts/ensure-web-build.mjs", server: "scripts/ensure-server-build.mjs" };

const [name, ...args] = process.argv.slice(2);
const bench = benches[name];
if (!bench) {
  if (name) console.error(`没有名为 ${name} 的基准测试。`);
  console.log("npm run bench -- <name> [args…]\n");
  for (const [key, { about }] of Object.entries(benches)) console.log(`  ${key.padEnd(12)}${about}`);
  process.exit(name ? 1 : 0);
}

const run = (file, rest) => spawnSync(process.execPath, [file, ...rest], { stdio: "inherit" }).status ?? 1;
for (const build of bench.builds) {
  const status = run(buildScripts[build], []);
  if (status !== 0) process.exit(status);
}
process.exit(run(bench.file, args));

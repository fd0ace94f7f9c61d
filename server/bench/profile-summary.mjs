/**
 * node server/bench/profile-summary.mjs <file.cpuprofile> [top=25]
 * Totals a V8 CPU profile (loop-probe.mjs's BENCH_PROFILE, or node --cpu-prof): where the main
 * thread's time went, by function, both its own time (self) and with what it called (total, each
 * function counted once per stack however deep it recurses). Times are the profiler's samples,
 * which on a busy machine include moments the thread waited for a core.
 */
import { readFileSync } from "node:fs";

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: node server/bench/profile-summary.mjs <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8"));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// The time between a sample and the next one is charged to the sample's function.
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i + 1] ?? 0;
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + delta);
}

const label = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url
    ? ` ${url.replace(/^.*\/(node_modules|server|packages)\//, "$1/")}:${lineNumber + 1}`
    : "";
  return `${functionName || "(anonymous)"}${where}`;
};

const self = new Map();
const total = new Map();
let all = 0;
for (const [id, us] of selfUs) {
  all += us;
  const node = byId.get(id);
  self.set(label(node), (self.get(label(node)) ?? 0) + us);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    total.set(name, (total.get(name) ?? 0) + us);
  }
}

const ms = (us) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
const pct = (us) => `${((100 * us) / all).toFixed(1).padStart(5)} %`;
const idle = self.get("(idle)") ?? 0;
console.log(
  `${(all / 1000).toFixed(0)} ms sampled: idle ${ms(idle).trim()}, busy ${ms(all - idle).trim()} ` +
    `(garbage collector ${ms(self.get("(garbage collector)") ?? 0).trim()}, program ${ms(self.get("(program)") ?? 0).trim()})`,
);
const list = (title, map) => {
  console.log(`\n${title}`);
  const rows = [...map].filter(([name]) => name !== "(idle)" && name !== "(root)");
  for (const [name, us] of rows.sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms(us)} ${pct(us)}  ${name}`);
};
list("self time", self);
list("total time (with callees)", total);

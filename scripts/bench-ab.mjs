// Lighthouse's mobile preset on 首页 for two builds of the web app, compared run by run on a busy
// machine: one server per build (APP_DIST_DIR), the same 1,000 ideas on each as `bench web`,
// audits alternating A, B / B, A after a discarded warm-up, each with the load average it ran at,
// and with the main thread's CPU time after first paint from its trace (scripts/trace-cpu.mjs):
// all of it, its longest task, and the blocking time that CPU time × 4 would give.
//   node scripts/bench-ab.mjs <app dist A> <app dist B>      (N=5 pairs by default)
// Keep a copy of app/dist before a change (cp -r app/dist /tmp/dist-before) and build again after.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright";
import { seedBenchAccount, waitForServer } from "./bench-account.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";
import { mainThreadCpu } from "./trace-cpu.mjs";

const dists = { A: process.argv[2], B: process.argv[3] };
if (!dists.A || !dists.B) throw new Error("usage: node scripts/bench-ab.mjs <app dist A> <app dist B>");
const pairs = Number(process.env.N ?? 5);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const servers = [];

async function start(dist) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_DIST_DIR: dist };
  servers.push(spawn("node", ["e2e/serve.mjs"], { stdio: ["ignore", "ignore", "inherit"], env }));
  await waitForServer(origin);
  return { origin, ...(await seedBenchAccount(origin)) };
}

try {
  const sv = { A: await start(dists.A), B: await start(dists.B) };
  const profileDir = mkdtempSync(path.join(tmpdir(), "shinian-ab-"));
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${debugPort}`],
    serviceWorkers: "block",
  });
  for (const { origin, token, user } of Object.values(sv)) {
    const setup = await context.newPage();
    await setup.goto(`${origin}/login`);
    await setup.evaluate(
      ([t, u]) => {
        localStorage.setItem("auth_token", t);
        localStorage.setItem("user_info", JSON.stringify(u));
        localStorage.setItem("needs_guide", "false");
      },
      [token, user],
    );
    await setup.close();
  }
  const results = { A: [], B: [] };
  const audit = async (build) => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.close();
    const load = loadavg()[0].toFixed(1);
    const { lhr, artifacts } = await lighthouse(`${sv[build].origin}/`, {
      port: debugPort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      disableStorageReset: true,
    });
    const ms = (id) => Math.round(lhr.audits[id].numericValue);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: ms("first-contentful-paint"),
      lcp: ms("largest-contentful-paint"),
      si: ms("speed-index"),
      tbt: ms("total-blocking-time"),
      cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
      ...mainThreadCpu(artifacts.Trace, sv[build].origin),
      load,
    };
  };
  await audit("A");
  for (let i = 0; i < pairs; i++)
    for (const build of i % 2 ? ["B", "A"] : ["A", "B"]) {
      const r = await audit(build);
      results[build].push(r);
      console.log(build, i, JSON.stringify(r));
    }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const build of ["A", "B"]) {
    const rs = results[build];
    const figures = ["score", "fcp", "lcp", "si", "tbt", "cls", "cpuMs", "longestCpuMs", "cpuTbtMs"].map(
      (k) => `${k} ${median(rs.map((r) => r[k]))}`,
    );
    console.log(
      `median ${build} (${dists[build]}): ${figures.join(", ")}; runs ${rs.map((r) => r.score).join("/")}`,
    );
  }
  await context.close();
  rmSync(profileDir, { recursive: true, force: true });
} finally {
  for (const server of servers) server.kill("SIGTERM");
}

// Lighthouse's mobile preset on 首页 for two builds of the web app, compared run by run on a busy
// machine: one server per build (APP_DIST_DIR), the same 1,000 ideas on each as `bench:web`,
// audits alternating A, B / B, A after a discarded warm-up, each with the load average it ran at.
//   node scripts/bench-ab.mjs <app dist A> <app dist B>      (N=5 pairs by default)
// Keep a copy of app/dist before a change (cp -r app/dist /tmp/dist-before) and build again after.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

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
const json = (res) => res.json();
const servers = [];

async function start(dist) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", APP_DIST_DIR: dist };
  servers.push(spawn("node", ["e2e/serve.mjs"], { stdio: ["ignore", "ignore", "inherit"], env }));
  for (
    let i = 0;
    !(await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  ) {
    if (i > 240) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 500));
  }
  const { data: auth } = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      account: `ab${Date.now()}@example.com`,
      password: "bench-password-1",
      agreeTerms: true,
    }),
  }).then(json);
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${auth.token}` };
  const { data: user } = await fetch(`${origin}/api/profile`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ identityDescription: "性能测试用户" }),
  }).then(json);
  const samples = [
    "今天想到一个关于产品设计的好点子",
    "周末去植物园拍银杏",
    "读完了一本关于城市规划的书",
    "晨跑五公里，感觉很好",
  ];
  for (let i = 0; i < 1000; i += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        fetch(`${origin}/api/ideas`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            content: `${samples[(i + j) % samples.length]}（第 ${i + j + 1} 条）`,
            tags: ["测试"],
          }),
        }).then((r) => r.arrayBuffer()),
      ),
    );
  }
  return { origin, token: auth.token, user };
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
    const { lhr } = await lighthouse(`${sv[build].origin}/`, {
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
    const figures = ["score", "fcp", "lcp", "si", "tbt", "cls"].map(
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

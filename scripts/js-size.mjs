// The JS count of `bench web` (gzip -9 of every script a page loads until the network is idle), per
// chunk and per screen width, without Lighthouse: for weighing a change to the bundle in seconds.
//   node scripts/js-size.mjs                 builds app/dist if stale, serves it, prints the tables
//   ORIGIN=http://127.0.0.1:8899 node scripts/js-size.mjs    measures a server already running
//   OUT=/tmp/after.json node scripts/js-size.mjs [/tmp/before.json]   saves, and compares with a save
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import { seedBenchAccount, waitForServer } from "./bench-account.mjs";
import { chromiumArgs, chromiumPath } from "./chromium.mjs";

const WIDTHS = [390, 1280, 1440];
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

let server = null;
let origin = process.env.ORIGIN;
if (!origin) {
  const build = spawnSync("node", ["scripts/ensure-web-build.mjs"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(1);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn("node", ["e2e/serve.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
  });
}
const stop = () =>
  new Promise((resolve) => {
    if (!server || server.exitCode !== null) return resolve();
    server.once("exit", resolve);
    server.kill("SIGTERM");
  });

/** Chunk name without its content hash: the same chunk across two builds. */
const chunkName = (url) => new URL(url).pathname.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.js$/, ".js");

try {
  await waitForServer(origin);
  const { token, user } = await seedBenchAccount(origin);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  async function jsLoaded(path, width, signedIn) {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 844 : 900 },
      serviceWorkers: "block",
    });
    if (signedIn) {
      await context.addInitScript(
        ([t, u]) => {
          localStorage.setItem("auth_token", t);
          localStorage.setItem("user_info", JSON.stringify(u));
          localStorage.setItem("needs_guide", "false");
        },
        [token, user],
      );
    }
    const page = await context.newPage();
    const sizes = {};
    const reads = [];
    page.on("response", (res) => {
      if (res.request().resourceType() !== "script") return;
      reads.push(
        res.body().then(
          (body) => {
            sizes[chunkName(res.url())] = gzipSync(body, { level: 9 }).length;
          },
          () => undefined,
        ),
      );
    });
    await page.goto(`${origin}${path}`, { waitUntil: "networkidle" });
    await Promise.all(reads);
    await context.close();
    return sizes;
  }
  const results = {};
  for (const width of WIDTHS) {
    results[`/ @${width}`] = await jsLoaded("/", width, true);
    results[`/login @${width}`] = await jsLoaded("/login", width, false);
  }
  await browser.close();

  const before = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], "utf8")) : null;
  const kB = (bytes) => (bytes === undefined ? "—" : (bytes / 1024).toFixed(2));
  const total = (sizes) => Object.values(sizes ?? {}).reduce((a, b) => a + b, 0);
  for (const [key, sizes] of Object.entries(results)) {
    const was = before?.[key];
    const names = [...new Set([...Object.keys(sizes), ...Object.keys(was ?? {})])].sort(
      (a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0),
    );
    console.log(
      `\n${key}: ${kB(total(sizes))} kB (${Object.keys(sizes).length} files)` +
        (was ? `, was ${kB(total(was))} kB (${Object.keys(was).length} files)` : ""),
    );
    for (const name of names) {
      const line = `  ${name.padEnd(36)} ${kB(sizes[name]).padStart(7)}`;
      console.log(was ? `${line}  (was ${kB(was[name])})` : line);
    }
  }
  if (process.env.OUT) writeFileSync(process.env.OUT, JSON.stringify(results, null, 2));
} finally {
  await stop();
}

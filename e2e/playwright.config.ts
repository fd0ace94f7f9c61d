import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.mjs";

// One free port per run, chosen once in the main process; workers inherit it through the env.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous because this 2-core machine is shared: under a load of 5 a 7 s test took 32 s.
  // A passing run is no slower for it.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "../test-results",
  use: {
    baseURL,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    viewport: { width: 1280, height: 800 },
    trace: "off",
    // Only the PWA test lets the service worker in; elsewhere it would hide requests from page.route.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] },
  },
  webServer: {
    command: "node scripts/ensure-web-build.mjs && node e2e/serve.mjs",
    cwd: "..",
    url: `${baseURL}/api/health`,
    env: { PORT: String(port), HOST: "127.0.0.1" },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});

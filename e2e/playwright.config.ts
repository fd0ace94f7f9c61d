import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../scripts/chromium.mjs";
import { freePort } from "../scripts/free-port.mjs";

// Free ports chosen once in the main process; workers inherit them through the env.
process.env.E2E_PORT ??= freePort();
process.env.E2E_AI_PORT ??= freePort();
process.env.E2E_FAKE_PROVIDER_PORT ??= freePort();
// The first server's data directory, chosen here so that tests can run operator commands on its
// database (e2e/operator.e2e.ts); e2e/serve.mjs removes it when the server stops.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "shinian-e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const aiURL = `http://127.0.0.1:${process.env.E2E_AI_PORT}`;

const server = {
  cwd: "..",
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "pipe",
  stderr: "pipe",
  gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
} as const;

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
  projects: [
    { name: "desktop", testIgnore: "from-flomo.e2e.ts" },
    // The journeys, the axe audit, 你想过这个 (it must not move the text box under a phone keyboard),
    // links by a phone's @ and 追加批注 offline on a phone: 390 × 844, touch, mobile viewport rules.
    // Only the tests tagged @phone in these files: the others in them check nothing a phone changes
    // and run on desktop (15 s of CI, 2026-12-03).
    {
      name: "phone",
      grep: /@phone/,
      testMatch: [
        "journey.e2e.ts",
        "from-flomo.e2e.ts",
        "a11y.e2e.ts",
        "similar.e2e.ts",
        "links.e2e.ts",
        "annotations.e2e.ts",
      ],
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: [
    // 本地模式: no AI provider configured
    {
      ...server,
      command:
        "node scripts/ensure-web-build.mjs && node scripts/ensure-server-build.mjs && node e2e/serve.mjs",
      url: `${baseURL}/api/health`,
      env: { PORT: String(port), HOST: "127.0.0.1", SERVE_DIR: process.env.E2E_DATA_DIR },
    },
    // the same app with a (fake, local) OpenAI-compatible provider: tests reach it on E2E_AI_PORT
    {
      ...server,
      command: "node e2e/serve.mjs",
      url: `${aiURL}/api/health`,
      env: {
        PORT: process.env.E2E_AI_PORT,
        HOST: "127.0.0.1",
        FAKE_PROVIDER_PORT: process.env.E2E_FAKE_PROVIDER_PORT,
      },
    },
  ],
});

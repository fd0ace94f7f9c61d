import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../../scripts/chromium.mjs";
import { freePort } from "../../scripts/free-port.mjs";

// Free ports chosen once in the main process; the worker inherits them through the env.
process.env.DEPLOY_NGINX_PORT ??= freePort();
process.env.DEPLOY_NGINX_HTTP_PORT ??= freePort();
process.env.DEPLOY_SERVER_PORTS ??= `${freePort()},${freePort()}`;
process.env.DEPLOY_PROVIDER_PORT ??= freePort();

/** `npm run test:deploy`: deploy/ (nginx + the systemd unit's commands) in front of two server processes. */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.e2e.ts",
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "../../test-results/deploy",
  use: {
    // the shipped HTTPS site, with a self-signed certificate made for the run
    baseURL: `https://127.0.0.1:${process.env.DEPLOY_NGINX_PORT}`,
    ignoreHTTPSErrors: true,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    viewport: { width: 1280, height: 800 },
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    acceptDownloads: true,
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] },
  },
});

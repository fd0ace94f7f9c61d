import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { componentTestsApi } from "./app/test/support/api-proxy.ts";
import { componentTestCommands } from "./app/test/support/browser-commands.ts";
import { chromiumArgs, chromiumPath } from "./scripts/chromium.mjs";
import { WASM_WRAPPER_FLAG } from "./server/src/wasm-wrappers.ts";
import { LongestFirst } from "./server/test/longest-first.ts";

const chromium = playwright({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--font-render-hinting=none"],
  },
  // The test iframe is scaled down when it does not fit the outer page, which would blur
  // every screenshot; a tall outer page keeps it at 1:1, also for tall fullscreen stories.
  contextOptions: { viewport: { width: 1300, height: 2500 } },
});

// Vitest names each browser instance after its project, so every project gets fresh objects.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: "chromium" as const }],
  viewport: { width: 1280, height: 800 },
  screenshotFailures: false,
});

// Scanning every story up front stops Vite from discovering a dependency mid-run and
// reloading the page, which fails whichever test is running on a fresh clone.
const optimizeDeps = {
  entries: ["packages/*/src/**/*.stories.tsx", "packages/*/test/**/*.tsx"],
  include: ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "react/jsx-dev-runtime"],
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "app-unit",
          include: ["app/src/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "packages/contract/**/*.test.ts"],
          environment: "node",
          // Starts the embedded PostgreSQL (and, with TEST_DATABASE_URL, a fresh database there),
          // migrated once and copied for each worker: two files at once never share a database.
          globalSetup: ["server/test/global-setup.ts"],
          // Two files at a time even on 2 cores (vitest's default there is one): the suite mostly
          // waits on PostgreSQL, child servers and timers. SERVER_TEST_WORKERS=1 for a busy machine.
          maxWorkers: Number(process.env.SERVER_TEST_WORKERS ?? 2),
          // before any WebAssembly of the test process and its threads (server/src/wasm-wrappers.ts)
          execArgv: [WASM_WRAPPER_FLAG],
          // its own group: a project whose maxWorkers differs from the others' must run apart
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The app's stateful components in a real browser (drafts live in localStorage), talking
        // to the real server on a fresh database through Vite's /api proxy.
        plugins: [react(), tailwindcss(), componentTestsApi()],
        optimizeDeps: { ...optimizeDeps, entries: ["app/test/**/*.tsx"] },
        test: {
          name: "app-components",
          include: ["app/test/**/*.browser.test.tsx"],
          globalSetup: ["app/test/support/global-setup.ts"],
          // several write megabytes through the real server: 15 s is too short on a loaded 2-core CI
          testTimeout: 30_000,
          browser: { ...browser(), commands: componentTestCommands },
        },
      },
      {
        plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
        optimizeDeps,
        test: { name: "storybook", browser: browser() },
      },
      {
        plugins: [react(), tailwindcss()],
        optimizeDeps,
        test: {
          name: "visual",
          include: ["packages/*/test/**/*.visual.test.tsx"],
          browser: {
            ...browser(),
            expect: { toMatchScreenshot: { comparatorName: "pixelmatch" } },
          },
        },
      },
    ],
  },
});

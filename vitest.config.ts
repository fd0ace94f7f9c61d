import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";

// Playwright cannot download its own browser here: tests drive Debian's Chromium.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--headless",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--font-render-hinting=none",
    ],
  },
});

// Vitest names each browser instance after its project, so every project gets fresh objects.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: "chromium" as const }],
  viewport: { width: 1280, height: 800 },
});

export default defineConfig({
  test: {
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
          name: "server",
          include: ["server/**/*.test.ts", "packages/contract/**/*.test.ts"],
          environment: "node",
          // Starts the embedded PostgreSQL (and, with TEST_DATABASE_URL, a fresh database there).
          globalSetup: ["server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
        test: { name: "storybook", browser: browser() },
      },
      {
        plugins: [react(), tailwindcss()],
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

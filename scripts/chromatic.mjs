// Publishes the built Storybook to Chromatic (hosted visual review) when a project token is set.
// Chromatic's CLI never exits when its service is out of reach, so every call is bounded.
import { spawnSync } from "node:child_process";

const token = process.env.CHROMATIC_PROJECT_TOKEN;
if (!token) {
  console.log("未设置 CHROMATIC_PROJECT_TOKEN，跳过 Chromatic 发布。本地视觉回归测试已包含在 npm test 中。");
  process.exit(0);
}

const build = spawnSync("npm", ["run", "build:storybook"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

const timeoutMs = Number(process.env.CHROMATIC_TIMEOUT_MS ?? 10 * 60 * 1000);
const result = spawnSync(
  "npx",
  ["chromatic", "--storybook-build-dir", "storybook-static", "--exit-zero-on-changes", "--only-changed"],
  { stdio: "inherit", timeout: timeoutMs, env: process.env },
);
if (result.error) {
  console.error(`Chromatic 未在 ${timeoutMs / 1000} 秒内完成：${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);

// Builds app/dist when it is missing or older than the sources it is made from, so that
// `npm start` always serves the current web app without rebuilding on every start.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newestMtime } from "./newest-mtime.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const built = path.join(root, "app/dist/index.html");
const sources = [
  "app/src",
  "app/public",
  "app/index.html",
  "app/build",
  "app/vite.config.ts",
  "packages/ui/src",
  "packages/contract/src",
  "tailwind.config.ts",
];

const newest = (target) => newestMtime(root, target);

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const force = process.argv.includes("--force");
if (!force && builtAt > 0 && sources.every((s) => newest(s) <= builtAt)) {
  console.log("web app is up to date (app/dist)");
} else {
  console.log("building the web app (app/dist)…");
  const result = spawnSync("npm", ["run", "build", "--workspace", "@shinian/app"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

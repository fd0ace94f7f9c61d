// `npm run dev`: the API server on :8787 and Vite (hot reload, /api proxied to it) on :5173.
// Both run as direct node children (no npm/npx wrapper in between), so stopping this script,
// by Ctrl+C or by a signal to its pid alone, stops both.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { WASM_WRAPPER_FLAG } from "../server/src/wasm-wrappers.ts";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const vite = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vite/package.json")),
  "bin/vite.js",
);
const children = [
  // From source: Node 24 strips the types itself, so an edit needs no build (npm start runs the bundle);
  // the Wasm flag on the command line, before type stripping's own WebAssembly starts.
  spawn(process.execPath, [WASM_WRAPPER_FLAG, "server/src/index.ts"], { cwd: root, stdio: "inherit" }),
  spawn(process.execPath, [vite], { cwd: path.join(root, "app"), stdio: "inherit" }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r))))).then(
    () => process.exit(code),
  );
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

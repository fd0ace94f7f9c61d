// `npm run dev`: the API server on :8787 and Vite (hot reload, /api proxied to it) on :5173.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "server/src/index.ts"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "--workspace", "@shinian/app"], { stdio: "inherit" }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

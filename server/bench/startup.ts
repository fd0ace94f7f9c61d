/**
 * npm run bench -- startup — restart time and idle memory of the server process (docs/benchmarks.md).
 * Starts the server as `npm start` does, from its bundle (BENCH_SERVER overrides the command, e.g.
 * "node --import tsx server/src/index.ts" to compare with a loader), once to initialise a fresh
 * embedded DATA_DIR, then BENCH_RUNS times more: spawn → first 200 from /api/health, the node
 * process's RSS at that moment and after BENCH_IDLE_MS of idling. With BENCH_DATABASE_URL the
 * server uses that PostgreSQL instead (its database is migrated by the first start).
 * Figures only; nothing asserts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 18788);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "";
const command = (process.env.BENCH_SERVER ?? "node server/dist/index.js").split(" ").filter(Boolean);
const [program, ...args] = command[0] === "node" ? [process.execPath, ...command.slice(1)] : command;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time (user + system) the process has used so far: unlike wall time, barely moved by other load. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
}

function start(dataDir: string): Promise<{ proc: ChildProcess; ms: number }> {
  const started = performance.now();
  const proc = spawn(program!, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) => {
    proc.once("exit", (code) => reject(new Error(`server exited (${code})`)));
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.ok) return resolve({ proc, ms: performance.now() - started });
      } catch {
        // not listening yet
      }
      setTimeout(poll, 5);
    };
    poll();
  });
}

async function stop(proc: ChildProcess) {
  proc.removeAllListeners("exit");
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await exited;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const range = (xs: number[], digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-startup-"));
await chmod(dataDir, 0o755); // the embedded PostgreSQL runs as user postgres when we are root
try {
  const first = await start(dataDir);
  await stop(first.proc);
  const restart: number[] = [];
  const cpu: number[] = [];
  const atHealth: number[] = [];
  const idle: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { proc, ms } = await start(dataDir);
    restart.push(ms);
    cpu.push(await cpuMs(proc.pid!));
    atHealth.push(await rssMb(proc.pid!));
    await new Promise((r) => setTimeout(r, IDLE_MS));
    idle.push(await rssMb(proc.pid!));
    await stop(proc);
  }
  console.log(
    `server: ${command.join(" ")} (Node ${process.version}), database: ${DATABASE_URL ? "DATABASE_URL" : "embedded"}`,
  );
  console.log(`first start (${DATABASE_URL ? "migrate" : "initdb + migrate"}): ${first.ms.toFixed(0)} ms`);
  console.log(`restart → /api/health, median (min–max) of ${RUNS}: ${range(restart)} ms`);
  console.log(`node CPU time (user + system) until then: ${range(cpu)} ms`);
  console.log(`node RSS at first /api/health: ${range(atHealth, 1)} MB`);
  console.log(`node RSS idle (${IDLE_MS} ms later): ${range(idle, 1)} MB`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

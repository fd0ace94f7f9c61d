import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Limits } from "../src/limits.ts";
import { WASM_WRAPPER_FLAG } from "../src/wasm-wrappers.ts";
import type { TestCtx } from "./helpers.ts";
import type { Patch } from "./patch.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type ChildServer = { proc: ChildProcess; base: string; lines: string[] };

/**
 * `node server/src/index.ts` (no wrapper, so the pid is the server's; the Wasm flag before type
 * stripping's own WebAssembly starts) in a process group of its own, as a supervisor runs it:
 * `killGroup` then ends it and everything it started at once, as a power cut or `kill -9 -- -PGID`
 * would. Resolves once it listens.
 */
export function startChildServer(env: Record<string, string>, limits?: Patch<Limits>): Promise<ChildServer> {
  // limits.ts's values are no environment variables: child-entry.ts changes them, then runs index.ts
  const entry = limits ? ["server/test/child-entry.ts", JSON.stringify(limits)] : ["server/src/index.ts"];
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [WASM_WRAPPER_FLAG, ...entry], {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        PASSWORD_HASH_COST: "10",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(proc);
    proc.once("exit", () => running.delete(proc));
    const lines: string[] = [];
    let buffer = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        const entry = JSON.parse(line);
        if (entry.msg === "listening") resolve({ proc, base: `http://127.0.0.1:${entry.port}`, lines });
      }
    });
    proc.stderr!.on("data", (c: Buffer) => lines.push(c.toString()));
    proc.on("exit", (code, signal) =>
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${lines.join("\n")}`)),
    );
  });
}

const running = new Set<ChildProcess>();

/** SIGKILL to the child's whole process group; resolves once the server is gone. */
export async function killGroup(child: ChildServer): Promise<void> {
  const gone = exited(child.proc);
  process.kill(-child.proc.pid!, "SIGKILL");
  await gone;
}

/** SIGTERM (a graceful stop); resolves with the exit code. */
export async function stopChild(child: ChildServer): Promise<number | null> {
  const gone = exited(child.proc);
  child.proc.kill("SIGTERM");
  return gone;
}

/** For afterAll: kills whatever child is still running (a failed test's). */
export function killAllChildren() {
  for (const proc of running) process.kill(-proc.pid!, "SIGKILL");
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode);
    else proc.once("exit", (code) => resolve(code));
  });

/** A new, empty database on the test database's server (the child servers migrate it); dropped by `drop`. */
export async function freshDatabase(ctx: TestCtx, prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await ctx.db.query(`CREATE DATABASE ${name}`);
  const url = new URL(ctx.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => ctx.db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A small seeded PRNG (mulberry32): the same seed, the same moments. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

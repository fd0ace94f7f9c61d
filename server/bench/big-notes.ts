/**
 * npm run bench -- notes — one account's big notes against everyone else's latency (issue 14 §1).
 * Starts the server from its bundle on BENCH_DATABASE_URL (default: a fresh database on the
 * machine's PostgreSQL) and gives one account 50 notes of 200,000 characters. Then, for
 * BENCH_SECONDS (20), that account runs 5 searches in parallel, over and over, and edits its
 * notes in a loop, while another client — from its own address, 127.0.0.2, so that per-address
 * connection caps do not count it — asks GET /api/health every 20 ms. Prints the health latency
 * (p50, p99, max) beside the target (p99 ≤ 50 ms), what the heavy account got done, and how busy
 * the server's main thread was meanwhile (loop-probe.mjs): on a shared machine the health latency
 * also counts the time the server waited for a core, which the main thread's CPU time does not.
 * BENCH_SEARCHERS (5) and BENCH_EDITORS (1) set how many run in parallel.
 * BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
 * Figures only; nothing asserts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 18790);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
// Fewer of either (0 too) to see what a search or an edit costs on its own.
const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 5);
const EDITORS = Number(process.env.BENCH_EDITORS ?? 1);
const NOTES = Number(process.env.BENCH_NOTES ?? 50);
const NOTE_CHARS = 200_000;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const origin = `http://127.0.0.1:${PORT}`;

const SENTENCES = [
  "今天在西湖边跑步，想到一个关于产品设计的好点子",
  "把记录想法做得像呼吸一样自然",
  "周末去植物园拍银杏，顺便读完了那本城市规划的书",
  "晨跑五公里之后的早餐格外香",
  "会议上大家讨论了下个季度的路线图",
];
const bigNote = (n: number) => {
  let text = `# 第 ${n} 篇长笔记\n\n`;
  for (let i = 0; text.length < NOTE_CHARS; i++) text += `${SENTENCES[(i + n) % SENTENCES.length]}（${i}）。`;
  return text.slice(0, NOTE_CHARS);
};

/** GET /api/health from 127.0.0.2 on a connection of its own; milliseconds. */
function timedHealth(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port: PORT, path: "/api/health", localAddress: "127.0.0.2", agent: false },
      (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - started));
      },
    );
    req.on("error", reject);
  });
}

async function api(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: never };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data as { token: string; id: string };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

type LoopFigures = Record<
  | "wallMs"
  | "mainThreadCpuMs"
  | "processCpuMs"
  | "mainThreadWaitedForCoreMs"
  | "loopUtilisation"
  | "gcMs"
  | "gcPauses"
  | "gcLongestMs"
  | "gcMajorMs"
  | "gcMajors"
  | "delayP50Ms"
  | "delayP99Ms"
  | "delayMaxMs"
  | "lateAtLeast10Ms"
  | "lateAtLeast50Ms"
  | "lateSumMs",
  number
>;

/** CPU time (user + system, ms) each PostgreSQL backend serving `database` has used so far. */
async function backendsCpuMs(admin: pg.Client, database: string): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [
    database,
  ]);
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ ticks
    } catch {
      // ended meanwhile
    }
  }
  return used;
}

/** What loop-probe.mjs wrote when the window closed (it may take the busy server a moment). */
async function probeFigures(file: string): Promise<LoopFigures> {
  for (let i = 0; ; i++) {
    try {
      const figures = JSON.parse(readFileSync(file, "utf8")) as LoopFigures;
      rmSync(file);
      return figures;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function main() {
  const database = `shinian_bench_notes_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const loopFile = path.join(os.tmpdir(), `${database}-loop.json`);
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const probe = ["--import", path.join(import.meta.dirname, "loop-probe.mjs")];
  const server: ChildProcess = spawn(process.execPath, [...nodeArgs, ...probe, "server/dist/index.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      BENCH_LOOP_FILE: loopFile,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? url.toString(),
      PORT: String(PORT),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      PASSWORD_HASH_COST: "10",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 600) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
    const { token } = await api("POST", "/api/auth/register", null, {
      account: `notes${Date.now()}@example.com`,
      password: "bench-password-1",
      agreeTerms: true,
    });
    const ids: string[] = [];
    for (let n = 0; n < NOTES; n++) {
      ids.push((await api("POST", "/api/notes", token, { title: `长笔记 ${n}`, content: bigNote(n) })).id);
    }
    console.log(
      `${NOTES} notes of ${NOTE_CHARS.toLocaleString()} characters made; measuring for ${SECONDS} s`,
    );

    const until = Date.now() + SECONDS * 1000;
    const counts = { searches: 0, edits: 0 };
    const searcher = async (k: number) => {
      const words = ["跑步", "银杏", "路线图", "产品设计", "早餐"];
      for (let i = k; Date.now() < until; i++) {
        await api("GET", `/api/search?q=${encodeURIComponent(words[i % words.length]!)}`, token);
        counts.searches++;
      }
    };
    const editor = async (k: number) => {
      for (let i = k * 7; Date.now() < until; i++) {
        await api("PATCH", `/api/notes/${ids[i % ids.length]}`, token, { content: bigNote(i + 1) });
        counts.edits++;
      }
    };
    const health: number[] = [];
    const prober = async () => {
      while (Date.now() < until) {
        health.push(await timedHealth());
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const backendsBefore = await backendsCpuMs(admin, database);
    server.kill("SIGUSR2"); // the probe's window opens
    const searchers = Array.from({ length: SEARCHERS }, (_, k) => searcher(k));
    const editors = Array.from({ length: EDITORS }, (_, k) => editor(k));
    await Promise.all([...searchers, ...editors, prober()]);
    server.kill("SIGUSR2");
    let postgresMs = 0;
    for (const [pid, ms] of await backendsCpuMs(admin, database))
      postgresMs += ms - (backendsBefore.get(pid) ?? 0);
    const loop = await probeFigures(loopFile);
    health.sort((a, b) => a - b);
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `health from 127.0.0.2: ${health.length} requests, p50 ${f(quantile(health, 0.5))}, p99 ${f(quantile(health, 0.99))} (target ≤ 50 ms), max ${f(health[health.length - 1]!)}`,
    );
    console.log(
      `meanwhile the account ran ${counts.searches} searches (${(counts.searches / SECONDS).toFixed(1)}/s) and ${counts.edits} edits of 200,000 characters (${(counts.edits / SECONDS).toFixed(1)}/s)`,
    );
    const requests = counts.searches + counts.edits;
    const per = (ms: number) => (requests ? (ms / requests).toFixed(1) : "–");
    console.log(
      `server main thread: ${loop.mainThreadCpuMs} ms CPU in ${loop.wallMs} ms, runnable but waiting for a core ${loop.mainThreadWaitedForCoreMs} ms, ` +
        `loop busy ${(loop.loopUtilisation * 100).toFixed(0)} %, GC ${loop.gcMs} ms in ${loop.gcPauses} pauses (longest ${loop.gcLongestMs} ms; mark-compact ${loop.gcMajorMs} ms in ${loop.gcMajors}); ` +
        `whole process (workers too) ${loop.processCpuMs} ms CPU`,
    );
    console.log(
      `server loop delay: p50 ${f(loop.delayP50Ms)}, p99 ${f(loop.delayP99Ms)}, max ${f(loop.delayMaxMs)}; ` +
        `a 10 ms timer ran ≥ 10 ms late ${loop.lateAtLeast10Ms} times (≥ 50 ms: ${loop.lateAtLeast50Ms}), ${loop.lateSumMs} ms in all`,
    );
    console.log(
      `CPU a request (searches and edits together): server main thread ${per(loop.mainThreadCpuMs)} ms, ` +
        `its other threads (segmenting, GC helpers) ${per(loop.processCpuMs - loop.mainThreadCpuMs)} ms, ` +
        `PostgreSQL ${per(postgresMs)} ms; the machine has ${os.availableParallelism()} cores`,
    );
    console.log(
      `machine load (1, 5, 15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

await main();

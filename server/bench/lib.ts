/** Shared by the benchmarks: realistic Chinese ideas, the server as a child process, percentiles. */
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ideaVector } from "../src/search/words.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// BENCH_PORT: another port, for benchmarks run side by side on one machine
export const PORT = Number(process.env.BENCH_PORT ?? 18787);
export const BASE = `http://127.0.0.1:${PORT}`;

// ---------- realistic Chinese text ----------
let seed = 42;
export const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
export const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
const openers = [
  "今天",
  "早上",
  "刚才",
  "周末",
  "下午",
  "昨晚",
  "通勤路上",
  "开会时",
  "散步时",
  "睡前",
  "午饭后",
  "出差途中",
];
const verbs = [
  "想到",
  "发现",
  "意识到",
  "突然觉得",
  "记下",
  "读到",
  "听说",
  "决定",
  "尝试",
  "反思",
  "整理",
  "讨论",
];
const adjectives = [
  "有趣",
  "简单",
  "重要",
  "奇怪",
  "实用",
  "复杂",
  "新的",
  "长期",
  "高效",
  "温暖",
  "安静",
  "清楚",
];
// ~150 nouns picked with a Zipf-like skew, so a word's frequency resembles real notes:
// the common ones appear in several percent of ideas, the rare ones in a few per thousand.
const nouns = (
  "产品 设计 用户 需求 团队 会议 项目 计划 目标 方法 习惯 时间 工作 生活 家庭 孩子 父母 朋友 同事 老板 " +
  "客户 市场 数据 报告 文章 书籍 电影 音乐 旅行 城市 天气 季节 早餐 晚饭 咖啡 茶叶 健身 跑步 睡眠 饮食 " +
  "健康 情绪 压力 焦虑 快乐 学习 考试 英语 编程 算法 模型 工具 软件 手机 电脑 网络 平台 社区 内容 视频 " +
  "播客 笔记 日记 想法 灵感 创意 故事 历史 哲学 心理 经济 投资 理财 储蓄 预算 房子 装修 收纳 厨房 花园 " +
  "植物 宠物 小猫 小狗 公园 地铁 公交 自行车 汽车 机场 酒店 博物馆 图书馆 展览 演讲 课程 老师 学生 作业 " +
  "面试 简历 职业 规划 周报 复盘 流程 效率 沟通 协作 反馈 冲突 信任 领导 管理 招聘 融资 创业 公司 " +
  "预算表 摄影 构图 绘画 书法 吉他 钢琴 围棋 象棋 游泳 登山 露营 徒步 瑜伽 冥想 断舍离 时间管理 番茄钟"
).split(" ");
const tails = [
  "值得以后展开写一写。",
  "可以和同事讨论一下。",
  "感觉很有启发。",
  "需要再查一些资料。",
  "明天试着实践一下。",
  "先记下来，之后再整理。",
  "和上周的想法可以联系起来。",
  "也许能变成一篇笔记。",
];
export const noun = () => nouns[Math.floor(nouns.length * rand() ** 2.2)]!;
export const clause = () => `${pick(verbs)}${pick(adjectives)}的${noun()}和${noun()}`;
export const idea = () => {
  const parts = [`${pick(openers)}${clause()}，`, pick(tails)];
  if (rand() < 0.6) parts.push(`另外，关于${noun()}，${clause()}，${pick(tails)}`);
  return parts.join("");
};

// ---------- helpers ----------
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
export const ms = (x: number) => `${x.toFixed(1)} ms`;
export const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

export async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The postmaster of this cluster and its children. */
export async function postgresPids(dataDir: string): Promise<number[]> {
  const pidText = await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8").catch(() => "");
  const master = Number(pidText.split("\n")[0]);
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (Number(entry) === master || ppid === master) pids.push(Number(entry));
  }
  return pids;
}

/** PSS of every postgres process of this cluster (shared memory counted once overall). */
export async function postgresPssKb(dataDir: string): Promise<number> {
  let total = 0;
  for (const pid of await postgresPids(dataDir)) {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch(() => "");
    total += Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0);
  }
  return total;
}

/** CPU time (user + system) each process has used so far, in ms. */
export const cpuMs = (pids: number[]) => cpuOf(pids, false);
/** cpuMs plus what each process's ended children used (PostgreSQL's closed connections). */
export const cpuWithEndedChildrenMs = (pids: number[]) => cpuOf(pids, true);

async function cpuOf(pids: number[], withReaped: boolean): Promise<Map<number, number>> {
  const tick = 1000 / 100; // USER_HZ
  const used = new Map<number, number>();
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime + stime, and with withReaped cutime + cstime: children that ended and were waited for
    const own = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    const reaped = withReaped ? Number(fields[13] ?? 0) + Number(fields[14] ?? 0) : 0;
    used.set(pid, (own + reaped) * tick);
  }
  return used;
}

/**
 * Runs `fn` and says where the CPU went, per request: this client (the load generator), the
 * server's node process and PostgreSQL (its processes at the end; a connection opened during
 * the run counts from zero). On two shared cores their sum bounds the throughput.
 */
export async function cpuSplit<T extends { n: number } | number[]>(
  serverPid: number,
  /** The embedded cluster's data directory, or what lists the PostgreSQL processes serving the bench. */
  pgProcesses: string | (() => Promise<number[]>),
  fn: () => Promise<T>,
): Promise<{ result: T; cpu: string }> {
  const pgPids = typeof pgProcesses === "string" ? () => postgresPids(pgProcesses) : pgProcesses;
  const groups = async () => [[process.pid], [serverPid], await pgPids()];
  const before = await Promise.all((await groups()).map(cpuMs));
  const result = await fn();
  const after = await Promise.all((await groups()).map(cpuMs));
  const requests = Array.isArray(result) ? result.length : result.n;
  const [client, node, postgres] = after.map((group, i) => {
    let ms = 0;
    for (const [pid, used] of group) ms += used - (before[i]!.get(pid) ?? 0);
    return (ms / requests).toFixed(2);
  });
  return { result, cpu: `CPU per request: client ${client} ms, node ${node} ms, PostgreSQL ${postgres} ms` };
}

// A bench that fails midway must not leave its server (and that server's PostgreSQL) running.
const servers = new Set<ChildProcess>();
process.on("exit", () => {
  for (const proc of servers) proc.kill("SIGTERM");
});

export function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ proc: ChildProcess; ms: number }> {
  const started = performance.now();
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // the bundle `npm start` runs (the bench:* scripts build it first); BENCH_SERVER_ENTRY: another
  // build of it, e.g. an earlier commit's copied beside it, for a before/after on one machine
  const entry = process.env.BENCH_SERVER_ENTRY ?? "server/dist/index.js";
  const proc = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      // as `npm start` runs it (package.json): fewer glibc malloc arenas for the process's threads
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      REGISTER_PER_IP_PER_HOUR: "100000", // the bench registers its users from one address
      // it measures how fast captures go at saturation: no per-user write limit
      RATE_CAPTURES: "0",
      RATE_NOTES: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  servers.add(proc);
  proc.once("exit", () => servers.delete(proc));
  return new Promise((resolve, reject) => {
    proc.on("exit", (code) => reject(new Error(`server exited (${code})`)));
    const poll = async () => {
      try {
        const res = await fetch(`${BASE}/api/health`);
        if (res.ok) return resolve({ proc, ms: performance.now() - started });
      } catch {
        // not yet
      }
      setTimeout(poll, 10);
    };
    poll();
  });
}

export async function stopServer(proc: ChildProcess) {
  proc.removeAllListeners("exit");
  const done = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await done;
}

export async function json(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(BASE + url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

/**
 * `concurrency` clients for `seconds`. Closed loop (no `everyMs`): each sends its next request
 * as soon as the last is answered, so the machine is saturated and latency is queueing. Paced
 * (`everyMs`): each sends one request every `everyMs` (phases spread), as people do.
 */
export async function load(
  concurrency: number,
  seconds: number,
  one: (i: number) => Promise<number>,
  everyMs = 0,
) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, c) => {
      let next = started + (everyMs * c) / concurrency;
      for (let i = 0; ; i++) {
        if (everyMs) {
          await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
          next += everyMs;
        }
        if (performance.now() >= end) break;
        const t = performance.now();
        const status = await one(c * 1_000_000 + i);
        if (status >= 400) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    n: latencies.length,
    rps: latencies.length / elapsed,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    errors,
  };
}

export async function findSocketDir(dataDir: string): Promise<string> {
  // the server logs it at info; recompute the same way as src/db/embedded.ts does
  const { createHash } = await import("node:crypto");
  const key = createHash("sha256").update(path.join(dataDir, "pg")).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `shinian-pg-${key}`);
}

/**
 * A server on a fresh embedded database for one benchmark, a client to that database (to seed it
 * directly), and `accounts` registered through the API as `${name}0@example.cn`, ….
 */
export async function benchServerWithAccounts(name: string, accounts: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `shinian-bench-${name}-`));
  await chmod(dataDir, 0o755);
  const server = await startServer(dataDir);
  const client = new pg.Client({
    host: await findSocketDir(dataDir),
    port: 5432,
    user: "postgres",
    database: "postgres",
  });
  await client.connect();
  const users: { token: string; id: string }[] = [];
  for (let u = 0; u < accounts; u++) {
    const r = await json("POST", "/api/auth/register", undefined, {
      account: `${name}${u}@example.cn`,
      password: "bench-password",
      agreeTerms: true,
    });
    users.push({ token: r.body.data.token as string, id: (r.body.data.user as { id: string }).id });
  }
  return { dataDir, server, client, users };
}

/** The machine's load average, printed beside a benchmark's figures (a loaded machine moves them). */
export const printLoadAverage = () =>
  console.log(
    `Load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );

/** Inserts `n` generated ideas with their search words straight into the table, 500 a statement, a minute apart. */
export async function insertIdeasWithWords(client: pg.ClientBase, userId: string, n: number) {
  for (let done = 0; done < n; done += 500) {
    const contents = Array.from({ length: Math.min(500, n - done) }, idea);
    const vectors = await Promise.all(
      contents.map((c) => ideaVector({ title: "", content: c, originalContent: c, tags: [] })),
    );
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, search, created_at)
       SELECT $1, c, c, v::tsvector, now() - (n * interval '1 minute')
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(c, v, n)`,
      [userId, contents, vectors],
    );
  }
}

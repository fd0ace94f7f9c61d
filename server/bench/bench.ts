/**
 * npm run bench:server — figures for docs/benchmarks.md (not a test: nothing here asserts).
 * Starts the real server (embedded PostgreSQL) as a child process in a fresh DATA_DIR, seeds
 * 100 users × 1,000 ideas of Chinese text, and measures start-up, memory, capture, feed,
 * search (word index vs plain substring) and export. BENCH_USERS / BENCH_IDEAS scale it down.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { chmod, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ideaVector } from "../src/services/text-index.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const USERS = Number(process.env.BENCH_USERS ?? 100);
const IDEAS = Number(process.env.BENCH_IDEAS ?? 1000);
const EXPORT_IDEAS = Number(process.env.BENCH_EXPORT_IDEAS ?? 10_000);
const PORT = 18787;
const BASE = `http://127.0.0.1:${PORT}`;

// ---------- realistic Chinese text ----------
let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
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
const noun = () => nouns[Math.floor(nouns.length * rand() ** 2.2)]!;
const clause = () => `${pick(verbs)}${pick(adjectives)}的${noun()}和${noun()}`;
const idea = () => {
  const parts = [`${pick(openers)}${clause()}，`, pick(tails)];
  if (rand() < 0.6) parts.push(`另外，关于${noun()}，${clause()}，${pick(tails)}`);
  return parts.join("");
};

// ---------- helpers ----------
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** PSS of every postgres process of this cluster (shared memory counted once overall). */
async function postgresPssKb(dataDir: string): Promise<number> {
  const pidText = await readFile(path.join(dataDir, "pg", "postmaster.pid"), "utf8").catch(() => "");
  const master = Number(pidText.split("\n")[0]);
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (Number(entry) !== master && ppid !== master) continue;
    const rollup = await readFile(`/proc/${entry}/smaps_rollup`, "utf8").catch(() => "");
    total += Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? 0);
  }
  return total;
}

function startServer(dataDir: string): Promise<{ proc: ChildProcess; ms: number }> {
  const started = performance.now();
  const proc = spawn(process.execPath, ["--import", "tsx", "server/src/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
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

async function stopServer(proc: ChildProcess) {
  proc.removeAllListeners("exit");
  const done = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await done;
}

async function json(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(BASE + url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

/** `concurrency` clients loop for `seconds`; returns latencies and throughput. */
async function load(concurrency: number, seconds: number, one: (i: number) => Promise<number>) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, c) => {
      for (let i = 0; performance.now() < end; i++) {
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

async function main() {
  const out: string[] = [];
  const line = (s = "") => {
    out.push(s);
    console.log(s);
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-"));
  await chmod(dataDir, 0o755);
  line(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${mb(os.totalmem() / 1024)} RAM, Node ${process.version}`,
  );
  line(
    `Data: ${USERS} users × ${IDEAS} ideas (${USERS * IDEAS} ideas) + one account with ${EXPORT_IDEAS} ideas`,
  );
  line();

  // start-up
  let server = await startServer(dataDir);
  line(`| cold start, fresh DATA_DIR (initdb + migrate), to first /api/health | ${ms(server.ms)} |`);
  await stopServer(server.proc);
  server = await startServer(dataDir);
  line(`| start on existing DATA_DIR (restart), to first /api/health | ${ms(server.ms)} |`);
  const idleNode = await rssKb(server.proc.pid!);
  const idlePg = await postgresPssKb(dataDir);
  line(`| RSS idle: node / PostgreSQL (PSS, all processes) | ${mb(idleNode)} / ${mb(idlePg)} |`);

  // users and seed data (SQL with the server's own search-vector builder: seeding 100k rows
  // over HTTP would measure the seeding, not the server)
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const r = await json("POST", "/api/auth/register", undefined, {
      account: `bench${u}@example.cn`,
      password: "bench-password",
      agreeTerms: true,
    });
    tokens.push(r.body.data.token as string);
    ids.push((r.body.data.user as { id: string }).id);
  }
  const socketDir = await findSocketDir(dataDir);
  const client = new pg.Client({ host: socketDir, port: 5432, user: "postgres", database: "postgres" });
  await client.connect();
  const seedStart = performance.now();
  const insert = async (userId: string, n: number) => {
    for (let done = 0; done < n; done += 500) {
      const batch = Math.min(500, n - done);
      const contents = Array.from({ length: batch }, idea);
      const vectors = contents.map((c) =>
        ideaVector({ title: "", content: c, originalContent: c, tags: [] }),
      );
      await client.query(
        `INSERT INTO ideas (user_id, original_content, content, search, created_at)
         SELECT $1, c, c, v::tsvector, now() - (n * interval '1 minute')
         FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(c, v, n)`,
        [userId, contents, vectors],
      );
    }
  };
  for (const id of ids) await insert(id, IDEAS);
  await client.query("ANALYZE ideas");
  line(`| seed ${USERS * IDEAS} ideas (SQL, batches of 500) | ${(performance.now() - seedStart) / 1000} s |`);

  // capture
  const capture = await load(50, 10, (i) =>
    fetch(`${BASE}/api/ideas`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % USERS]}` },
      body: JSON.stringify({ content: idea() }),
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    }),
  );
  line(
    `| capture POST /api/ideas, 50 concurrent clients, 10 s | ${capture.rps.toFixed(0)} req/s, p50 ${ms(capture.p50)}, p95 ${ms(capture.p95)}, ${capture.errors} errors |`,
  );
  const get = (url: string, token: string) =>
    fetch(BASE + url, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const feed = await load(10, 5, (i) => get("/api/feed?limit=20", tokens[i % USERS]!));
  line(
    `| feed page GET /api/feed (20 items), 10 concurrent | ${feed.rps.toFixed(0)} req/s, p50 ${ms(feed.p50)}, p95 ${ms(feed.p95)} |`,
  );
  for (const word of ["咖啡", "时间管理"]) {
    const s = await load(10, 5, (i) => get(`/api/search?q=${encodeURIComponent(word)}`, tokens[i % USERS]!));
    line(
      `| search GET /api/search?q=${word} (${word.length} chars), 10 concurrent, end to end | p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, ${s.rps.toFixed(0)} req/s |`,
    );
  }

  // word index vs substring on the same data, in the database, over all rows
  const total = (await client.query("SELECT count(*)::int AS n FROM ideas")).rows[0].n as number;
  for (const word of ["咖啡", "时间管理"]) {
    const n = (
      await client.query("SELECT count(*)::int AS n FROM ideas WHERE content LIKE $1", [`%${word}%`])
    ).rows[0].n;
    line(`| ideas containing "${word}" | ${n} of ${total} (${((100 * n) / total).toFixed(2)} %) |`);
  }
  for (const word of ["咖啡", "时间管理"]) {
    const tsq = `'${word.length === 4 ? "时间' & '管理" : word}'`;
    const time = async (sql: string, params: unknown[]) => {
      const xs: number[] = [];
      let rows = 0;
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        rows = (await client.query(sql, params)).rowCount ?? 0;
        xs.push(performance.now() - t);
      }
      return { p50: pct(xs, 50), p95: pct(xs, 95), rows };
    };
    const userId = ids[0]!;
    const wordAll = await time(
      "SELECT id FROM ideas WHERE search @@ $1::tsquery ORDER BY created_at DESC LIMIT 20",
      [tsq],
    );
    const likeAll = await time(
      "SELECT id FROM ideas WHERE content LIKE $1 ORDER BY created_at DESC LIMIT 20",
      [`%${word}%`],
    );
    const wordCount = await time("SELECT count(*) FROM ideas WHERE search @@ $1::tsquery", [tsq]);
    const likeCount = await time("SELECT count(*) FROM ideas WHERE content LIKE $1", [`%${word}%`]);
    const wordUser = await time(
      "SELECT id FROM ideas WHERE user_id = $2 AND search @@ $1::tsquery ORDER BY ts_rank(search, $1::tsquery) DESC LIMIT 20",
      [tsq, userId],
    );
    const likeUser = await time(
      "SELECT id FROM ideas WHERE user_id = $2 AND content LIKE $1 ORDER BY created_at DESC LIMIT 20",
      [`%${word}%`, userId],
    );
    if (process.env.BENCH_EXPLAIN) {
      const plan = await client.query(
        "EXPLAIN (ANALYZE, BUFFERS) SELECT id FROM ideas WHERE user_id = $2 AND search @@ $1::tsquery ORDER BY ts_rank(search, $1::tsquery) DESC LIMIT 20",
        [tsq, userId],
      );
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    line(
      `| "${word}" over all ${total} rows, count of matches: word index / LIKE | p95 ${ms(wordCount.p95)} / ${ms(likeCount.p95)} (${(likeCount.p95 / wordCount.p95).toFixed(0)}×) |`,
    );
    line(
      `| "${word}" over all rows, newest 20: word index / LIKE | p95 ${ms(wordAll.p95)} / ${ms(likeAll.p95)} |`,
    );
    line(
      `| "${word}" within one user's ${IDEAS} ideas, top 20: word / LIKE | p95 ${ms(wordUser.p95)} / ${ms(likeUser.p95)} |`,
    );
  }

  // export of a 10k-idea account
  const big = await json("POST", "/api/auth/register", undefined, {
    account: "bench-export@example.cn",
    password: "bench-password",
    agreeTerms: true,
  });
  await insert((big.body.data.user as { id: string }).id, EXPORT_IDEAS);
  await new Promise((r) => setTimeout(r, 500));
  const before = await rssKb(server.proc.pid!);
  let peak = before;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      peak = Math.max(peak, await rssKb(server.proc.pid!));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t = performance.now();
  const res = await fetch(`${BASE}/api/export`, {
    method: "POST",
    headers: { authorization: `Bearer ${big.body.data.token}`, "content-type": "application/json" },
    body: "{}",
  });
  const size = (await res.arrayBuffer()).byteLength;
  const exportMs = performance.now() - t;
  polling = false;
  await poller;
  line(
    `| export of a ${EXPORT_IDEAS}-idea account (streamed zip, ${(size / 1024 / 1024).toFixed(1)} MB) | ${ms(exportMs)}, node RSS +${mb(peak - before)} (peak over the pre-export RSS) |`,
  );
  line(
    `| RSS after load: node / PostgreSQL (PSS) | ${mb(await rssKb(server.proc.pid!))} / ${mb(await postgresPssKb(dataDir))} |`,
  );

  await client.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

async function findSocketDir(dataDir: string): Promise<string> {
  // the server logs it at info; recompute the same way as src/db/embedded.ts does
  const { createHash } = await import("node:crypto");
  const key = createHash("sha256").update(path.join(dataDir, "pg")).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `shinian-pg-${key}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

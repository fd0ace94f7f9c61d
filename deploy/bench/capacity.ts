/**
 * `npm run bench -- capacity`: the CPU each kind of request costs on the deploy/ stack (nginx, two
 * server processes, the PostgreSQL server of TEST_DATABASE_URL, the e2e fake AI provider), read
 * from /proc for every process involved, over a run of each kind. docs/scaling.md turns these
 * into a capacity plan. BENCH_USERS, BENCH_IDEAS scale it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import tls from "node:tls";
import pg from "pg";
import { newAccount, PASSWORD } from "../../e2e/helpers.ts";
import { startStack } from "../test/stack.ts";

const USERS = Number(process.env.BENCH_USERS ?? 20);
const IDEAS = Number(process.env.BENCH_IDEAS ?? 150);
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const TICK_MS = 10; // CLK_TCK 100 on Linux
const SERVERS: [number, number] = [29_001, 29_002];

const WORDS =
  `咖啡 时间管理 读书 跑步 产品 设计 周末 西湖 会议 灵感 旅行 电影 音乐 早餐 写作 项目 客户 团队 孩子 学习
  英语 健身 睡眠 菜谱 散步 摄影 博物馆 地铁 周报 复盘 预算 房租 朋友 生日 礼物 花园 雨天 咖啡馆 书店 笔记`.split(
    /\s+/,
  );
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
const sentence = () =>
  Array.from(
    { length: 6 + Math.floor(random() * 10) },
    () => `${pick(WORDS)}${pick(["的", "和", "，", "想到", "要"])}`,
  )
    .join("")
    .slice(0, 80);

/** CPU ms (user + system) of a process so far; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
const childrenOf = (ppid: number) =>
  readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === ppid;
      } catch {
        return false;
      }
    });

const stack = await startStack({
  adminUrl,
  nginx: "/usr/sbin/nginx",
  ports: { nginx: 28_000 + (process.pid % 1000), http: 29_004, servers: SERVERS, provider: 29_003 },
  env: {
    LOG_LEVEL: "warn",
    PASSWORD_HASH_COST: "10",
    REGISTER_PER_IP_PER_HOUR: "100000",
    RATE_CAPTURES: "0",
    RATE_CHAT: "0",
    EXPORT_COOLDOWN: "0",
    POINTS_REGISTER_BONUS: "100000",
    // the burst below comes from one address, the bench's
    CONNECTIONS_PER_IP: "0",
  },
});
// the shipped site is HTTPS, here with a certificate made for the run: that one certificate is
// trusted besides the usual ones, and every other still checked
tls.setDefaultCACertificates([...tls.getCACertificates("default"), readFileSync(stack.certificate, "utf8")]);
const admin = new pg.Client({ connectionString: stack.databaseUrl });
await admin.connect();
const backends = async () =>
  (
    await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
  ).rows.map((r) => r.pid);

type Sample = { node: number; nginx: number; pg: Map<number, number>; client: number; at: number };
async function sample(): Promise<Sample> {
  const pgCpu = new Map<number, number>();
  for (const pid of await backends()) pgCpu.set(pid, cpuMs(pid));
  const client = process.cpuUsage();
  return {
    node: SERVERS.reduce((sum, port) => sum + cpuMs(stack.pidOf(port)), 0),
    nginx: childrenOf(stack.nginxPid).reduce((sum, pid) => sum + cpuMs(pid), cpuMs(stack.nginxPid)),
    pg: pgCpu,
    client: (client.user + client.system) / 1000,
    at: performance.now(),
  };
}

const rows: string[] = [];
/** Runs `count` requests `concurrency` at a time and prints the CPU per request of each side. */
async function measure(name: string, count: number, concurrency: number, one: (i: number) => Promise<void>) {
  const before = await sample();
  let next = 0;
  let failed = 0;
  const reasons = new Set<string>();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        await one(i).catch((err: Error) => {
          failed++;
          reasons.add(err.message);
        });
      }
    }),
  );
  const after = await sample();
  let pgMs = 0;
  for (const [pid, ms] of after.pg) pgMs += ms - (before.pg.get(pid) ?? 0);
  // a backend that ended during the phase took its CPU time with it: say so
  const ended = [...before.pg.keys()].filter((pid) => !after.pg.has(pid)).length;
  if (ended) reasons.add(`${ended} PostgreSQL backends ended during the phase: their CPU is missing`);
  const per = (ms: number) => (ms / count).toFixed(2);
  const seconds = (after.at - before.at) / 1000;
  const row = `| ${name} | ${count} (${concurrency} at once), ${failed} failed | ${(count / seconds).toFixed(0)}/s | ${per(after.node - before.node)} | ${per(pgMs)} | ${per(after.nginx - before.nginx)} | ${per(after.client - before.client)} | ${loadavg()[0]!.toFixed(1)} |`;
  rows.push(row);
  console.log(row);
  if (reasons.size) console.log(`  note: ${[...reasons].slice(0, 3).join("; ")}`);
}

const base = stack.baseURL;
const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      "content-type": "application/json",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path.replace(/[0-9a-f-]{36}/, "{id}")}: ${res.status} ${await res.text()}`);
  return res;
};
const json = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

try {
  console.log(`| request | count | rate | node ms | PostgreSQL ms | nginx ms | client ms | load |`);
  console.log(`| --- | --- | --- | --- | --- | --- | --- | --- |`);
  const tokens: string[] = [];
  await measure("register (scrypt N=2^10 here; 2^15 by default)", USERS, 4, async () => {
    const res = await call("/api/auth/register", {
      method: "POST",
      body: JSON.stringify({ account: newAccount(), password: PASSWORD, agreeTerms: true }),
    });
    const { token } = await json<{ token: string }>(res);
    tokens.push(token);
    // 自动整理 would run each capture's tidy in the background during the later phases; tidying
    // is measured on its own below
    await call("/api/profile", {
      method: "PATCH",
      token,
      body: JSON.stringify({ settings: { autoTidy: false } }),
    });
  });
  const ideaIds: string[][] = tokens.map(() => []);
  await measure("capture `POST /api/ideas`", USERS * IDEAS, 16, async (i) => {
    const res = await call("/api/ideas", {
      method: "POST",
      token: tokens[i % USERS],
      body: JSON.stringify({ content: sentence() }),
    });
    ideaIds[i % USERS]!.push((await json<{ id: string }>(res)).id);
  });
  await measure("feed, first page `GET /api/feed`", 2000, 16, async (i) => {
    await call("/api/feed", { token: tokens[i % USERS] }).then((r) => r.arrayBuffer());
  });
  await measure("search `GET /api/search` (one word)", 2000, 16, async (i) => {
    await call(`/api/search?q=${encodeURIComponent(pick(WORDS))}`, { token: tokens[i % USERS] }).then((r) =>
      r.arrayBuffer(),
    );
  });
  await measure(
    "chat turn (new conversation + question, streamed reply of 15 events)",
    200,
    10,
    async (i) => {
      const token = tokens[i % USERS];
      const conversation = await json<{ id: string }>(
        await call("/api/chat/conversations", { method: "POST", token, body: "{}" }),
      );
      await call(`/api/chat/conversations/${conversation.id}/messages`, {
        method: "POST",
        token,
        body: JSON.stringify({ content: `我关于${pick(WORDS)}写过什么？` }),
      }).then((r) => r.text());
    },
  );
  await measure(
    "tidy one idea `POST /api/ideas/{id}/tidy` (what 自动整理 does per capture)",
    200,
    10,
    async (i) => {
      const user = i % USERS;
      await call(`/api/ideas/${ideaIds[user]![Math.floor(i / USERS)]}/tidy`, {
        method: "POST",
        token: tokens[user],
        body: "{}",
      }).then((r) => r.text());
    },
  );
  await measure(`export (${IDEAS} ideas + ~10 conversations each)`, USERS, 2, async (i) => {
    await call("/api/export", { method: "POST", token: tokens[i], body: "{}" }).then((r) => r.arrayBuffer());
  });
  const size = await admin.query<{ bytes: string }>("SELECT pg_database_size(current_database()) AS bytes");
  console.log(`\ndatabase: ${(Number(size.rows[0]!.bytes) / 2 ** 20).toFixed(1)} MiB for ${USERS} users`);
} finally {
  await admin.end();
  await stack.stop();
}

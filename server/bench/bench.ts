/**
 * npm run bench -- server — figures for docs/benchmarks.md (not a test: nothing here asserts).
 * Starts the real server (embedded PostgreSQL) as a child process in a fresh DATA_DIR, seeds
 * 100 users × 1,000 ideas of Chinese text, and measures start-up, memory, capture, feed,
 * search (word index vs plain substring) and export. BENCH_USERS / BENCH_IDEAS scale it down.
 * `npm run bench -- server slow-clients` runs the slow-connection benchmark instead (slow-clients.ts),
 * `npm run bench -- server tags` the tag benchmark (tags.ts), `related` 相关内容's (related.ts).
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { MAX_CONCURRENT_EXPORTS } from "../src/export/lifecycle.ts";
import { exportImagesBench } from "./export-images.ts";
import { importBench } from "./import.ts";
import {
  BASE,
  cpuSplit,
  findSocketDir,
  idea,
  insertIdeasWithWords,
  json,
  load,
  mb,
  ms,
  pct,
  postgresPssKb,
  rssKb,
  startServer,
  stopServer,
} from "./lib.ts";
import { relatedBench } from "./related.ts";
import { searchWordsBench } from "./search-words.ts";
import { slowClients } from "./slow-clients.ts";
import { tagsBench } from "./tags.ts";

const USERS = Number(process.env.BENCH_USERS ?? 100);
const IDEAS = Number(process.env.BENCH_IDEAS ?? 1000);
const EXPORT_IDEAS = Number(process.env.BENCH_EXPORT_IDEAS ?? 10_000);

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
  const insert = (userId: string, n: number) => insertIdeasWithWords(client, userId, n);
  for (const id of ids) await insert(id, IDEAS);
  await client.query("ANALYZE ideas");
  line(`| seed ${USERS * IDEAS} ideas (SQL, batches of 500) | ${(performance.now() - seedStart) / 1000} s |`);

  // capture: saturated (closed loop), then at a pace (50 people, each capturing every 1 s / 100 ms)
  const capture = (i: number) =>
    fetch(`${BASE}/api/ideas`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${tokens[i % USERS]}` },
      body: JSON.stringify({ content: idea() }),
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const pid = server.proc.pid!;
  const { result: saturated, cpu } = await cpuSplit(pid, dataDir, () => load(50, 10, capture));
  line(
    `| capture POST /api/ideas, 50 concurrent clients, closed loop, 10 s | ${saturated.rps.toFixed(0)} req/s, p50 ${ms(saturated.p50)}, p95 ${ms(saturated.p95)}, ${saturated.errors} errors; ${cpu} |`,
  );
  for (const everyMs of [1000, 100]) {
    const paced = await load(50, 10, capture, everyMs);
    line(
      `| capture, 50 clients each capturing every ${everyMs} ms, 10 s | ${paced.rps.toFixed(0)} req/s, p50 ${ms(paced.p50)}, p95 ${ms(paced.p95)}, ${paced.errors} errors |`,
    );
  }
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
    const { result: s, cpu: searchCpu } = await cpuSplit(pid, dataDir, () =>
      load(10, 5, (i) => get(`/api/search?q=${encodeURIComponent(word)}`, tokens[i % USERS]!)),
    );
    line(
      `| search GET /api/search?q=${word} (${word.length} chars), 10 concurrent, end to end | p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, ${s.rps.toFixed(0)} req/s; ${searchCpu} |`,
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
      for (let i = 0; i < 50; i++) {
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
      `| "${word}" over all ${total} rows, count of matches: word index / LIKE | p50 ${ms(wordCount.p50)} / ${ms(likeCount.p50)} (${(likeCount.p50 / wordCount.p50).toFixed(0)}×), p95 ${ms(wordCount.p95)} / ${ms(likeCount.p95)} (${(likeCount.p95 / wordCount.p95).toFixed(0)}×) |`,
    );
    line(
      `| "${word}" over all rows, newest 20: word index / LIKE | p95 ${ms(wordAll.p95)} / ${ms(likeAll.p95)} |`,
    );
    line(
      `| "${word}" within one user's ${IDEAS} ideas, top 20: word / LIKE | p95 ${ms(wordUser.p95)} / ${ms(likeUser.p95)} |`,
    );
  }

  // export of a 10k-idea account, then as many at once as one process allows (each account may
  // export once per cooldown)
  const exporters: string[] = [];
  for (let k = 0; k < 1 + MAX_CONCURRENT_EXPORTS; k++) {
    const r = await json("POST", "/api/auth/register", undefined, {
      account: `bench-export${k}@example.cn`,
      password: "bench-password",
      agreeTerms: true,
    });
    await insert((r.body.data.user as { id: string }).id, EXPORT_IDEAS);
    exporters.push(r.body.data.token as string);
  }
  const exportOnce = async (token: string) => {
    const res = await fetch(`${BASE}/api/export`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    const size = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    return size;
  };
  for (const tokens of [exporters.slice(0, 1), exporters.slice(1)]) {
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
    const sizes = await Promise.all(tokens.map(exportOnce));
    const exportMs = performance.now() - t;
    polling = false;
    await poller;
    line(
      `| ${tokens.length === 1 ? "export of a" : `${tokens.length} exports at once, each of a`} ${EXPORT_IDEAS}-idea account (streamed zip, ${(sizes[0]! / 1024 / 1024).toFixed(1)} MB) | ${ms(exportMs)}, node RSS +${mb(peak - before)} (peak over the pre-export RSS) |`,
    );
  }
  line(
    `| RSS after load: node / PostgreSQL (PSS) | ${mb(await rssKb(server.proc.pid!))} / ${mb(await postgresPssKb(dataDir))} |`,
  );

  await client.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

const modes: Record<string, () => Promise<unknown>> = {
  "slow-clients": slowClients,
  tags: tagsBench,
  import: importBench,
  "export-images": exportImagesBench,
  "search-words": searchWordsBench,
  related: relatedBench,
};
(modes[process.argv[2] ?? ""] ?? main)().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * npm run bench -- hybrid — hybrid search (words + meaning) at 10,000 items per user, for
 * docs/benchmarks.md (nothing here asserts). The real server (embedded PostgreSQL, no pgvector:
 * int8 vectors compared in the server process; or with BENCH_DATABASE_URL a new database on that
 * server, compared in SQL where it has pgvector) talks to a local fake embeddings provider of
 * 1024 dimensions (bge-m3's size); every query's vector is fetched once before timing, so the
 * figures exclude the provider's call. BENCH_ITEMS / BENCH_DIMS scale it.
 */
import { createHash } from "node:crypto";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startFakeEmbeddingProvider } from "../test/support/fake-embedding-provider.ts";
import {
  BASE,
  cpuSplit,
  findSocketDir,
  insertIdeasWithWords,
  json,
  load,
  ms,
  pct,
  startServer,
  stopServer,
} from "./lib.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const DIMS = Number(process.env.BENCH_DIMS ?? 1024);
const QUERIES = ["咖啡", "时间管理", "睡不着", "周末的计划", "读书笔记", "产品设计", "运动", "旅行"];

/** Deterministic pseudo-random unit-ish vector per text: as costly to compare as a real one. */
function embed(text: string): number[] {
  let seed = createHash("sha256").update(text).digest().readUInt32LE(0);
  const out = new Array<number>(DIMS);
  for (let i = 0; i < DIMS; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[i] = seed / 0x7fffffff - 0.5;
  }
  return out;
}

async function main() {
  const provider = await startFakeEmbeddingProvider({ embed });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-hybrid-"));
  await chmod(dataDir, 0o755);
  const env = {
    AI_EMBEDDING_BASE_URL: provider.url,
    AI_EMBEDDING_MODEL: "bench-1024",
    AI_EMBEDDING_BATCH: "64",
    AI_EMBEDDING_MIN_SIMILARITY: "-1",
    // a capture is embedded at once, not AI_TIDY_GRACE later: the search is what is measured
    AI_TIDY_GRACE: "0",
  };
  // BENCH_DATABASE_URL: a database of the bench's own on that server, dropped at the end
  const external = process.env.BENCH_DATABASE_URL;
  const dbName = `shinian_bench_hybrid_${Date.now().toString(36)}`;
  const dbUrl = external ? Object.assign(new URL(external), { pathname: `/${dbName}` }).toString() : "";
  if (external) {
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
  }
  const dbEnv: Record<string, string> = external ? { DATABASE_URL: dbUrl } : {};
  let server = await startServer(dataDir, { ...env, ...dbEnv });
  const reg = await json("POST", "/api/auth/register", undefined, {
    account: "hybrid@example.cn",
    password: "bench-password",
    agreeTerms: true,
  });
  const token = reg.body.data.token as string;
  const userId = (reg.body.data.user as { id: string }).id;
  const client = external
    ? new pg.Client({ connectionString: dbUrl })
    : new pg.Client({
        host: await findSocketDir(dataDir),
        port: 5432,
        user: "postgres",
        database: "postgres",
      });
  await client.connect();
  // the server's connections to its database (not this client's)
  const backends = async () =>
    (
      await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      )
    ).rows.map((r) => r.pid);
  const pgProcesses = external ? backends : dataDir;
  const { rowCount: pgvector } = await client.query(
    "SELECT 1 FROM pg_attribute WHERE attrelid = 'item_embeddings'::regclass AND attname = 'embedding'",
  );
  await insertIdeasWithWords(client, userId, ITEMS);
  await client.query("ANALYZE ideas");
  // the server's background worker embeds what the inserts queued
  const embedStart = performance.now();
  const pending = async () =>
    ((await json("GET", "/api/ai/status", token)).body.data.embeddings as { pending: number }).pending;
  while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 200));
  const embedS = (performance.now() - embedStart) / 1000;
  const { rows } = await client.query(
    "SELECT count(*)::int AS n, sum(octet_length(vec))::int AS bytes FROM item_embeddings",
  );
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    pgvector
      ? "Comparison: pgvector, in SQL (db/pgvector.ts)"
      : "Comparison: int8 vectors in the server process (no pgvector)",
  );
  console.log(
    `| ${ITEMS} ideas embedded by the background queue (${DIMS} dims, fake provider on this machine) | ${embedS.toFixed(1)} s, ${provider.requests.length} calls, ${rows[0].n} vectors, ${(rows[0].bytes / 1024 / 1024).toFixed(1)} MB of int8 |`,
  );

  const search = (q: string) =>
    fetch(`${BASE}/api/search?q=${encodeURIComponent(q)}&limit=20`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(async (r) => {
      const body = (await r.json()) as { data: { items: { matchedBy: string }[] } };
      return { status: r.status, meaning: body.data.items.filter((i) => i.matchedBy !== "keyword").length };
    });
  // first search after the vectors changed: the process reads them into memory
  const cold = performance.now();
  await search(QUERIES[0]!);
  const coldMs = performance.now() - cold;
  for (const q of QUERIES) await search(q); // each query's vector fetched (and cached) once
  const calls = provider.requests.length;
  let meaning = 0;
  const timed = async () => {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      meaning += (await search(QUERIES[i % QUERIES.length]!)).meaning;
      times.push(performance.now() - t);
    }
    return times;
  };
  const { result: single, cpu } = await cpuSplit(server.proc.pid!, pgProcesses, timed);
  console.log(
    `| first hybrid search after the vectors changed (${pgvector ? "pgvector: nothing read into the process" : `reads ${ITEMS} vectors into the process`}) | ${ms(coldMs)} |`,
  );
  console.log(
    `| hybrid search GET /api/search, one client, 200 searches of ${QUERIES.length} queries, end to end | p50 ${ms(pct(single, 50))}, p95 ${ms(pct(single, 95))}, ${(meaning / 200).toFixed(1)} results by meaning a search; ${cpu} |`,
  );
  // a new capture: the next search reads only the vectors written since its last read (and those
  // of the 20 s before it, which may have committed after it — so twice, 21 s apart)
  const captureThenSearch = async (content: string) => {
    await json("POST", "/api/ideas", token, { content });
    while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 50));
    const t = performance.now();
    await search(QUERIES[1]!);
    return performance.now() - t;
  };
  await captureThenSearch("刚刚想到：睡前不看手机");
  const incremental: number[] = [];
  for (const content of ["又想到：周末早点起床", "再想到：多喝水", "最后想到：早睡"]) {
    await new Promise((r) => setTimeout(r, 21_000));
    incremental.push(await captureThenSearch(content));
  }
  console.log(
    `| first hybrid search after one new capture was embedded (reads the new vector only), three times | ${incremental.map(ms).join(", ")} |`,
  );
  const parallel = await load(10, 5, (i) => search(QUERIES[i % QUERIES.length]!).then((r) => r.status));
  console.log(
    `| hybrid search, 10 concurrent clients, closed loop, 5 s | ${parallel.rps.toFixed(0)} req/s, p50 ${ms(parallel.p50)}, p95 ${ms(parallel.p95)}, ${parallel.errors} errors |`,
  );
  console.log(
    `| provider calls while timing (4: the new captures'; the queries' vectors were cached) | ${provider.requests.length - calls} |`,
  );

  // the embedded cluster stops with its server: this client's connection goes first
  if (!external) await client.end();
  await stopServer(server.proc);
  // keywords only, same data: the server without an embedding model
  server = await startServer(dataDir, dbEnv);
  const { result: keyword, cpu: keywordCpu } = await cpuSplit(server.proc.pid!, pgProcesses, timed);
  console.log(
    `| keyword-only search (no AI_EMBEDDING_MODEL), one client, same data | p50 ${ms(pct(keyword, 50))}, p95 ${ms(pct(keyword, 95))}; ${keywordCpu} |`,
  );
  await stopServer(server.proc);
  if (external) {
    await client.end();
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
}

await main();

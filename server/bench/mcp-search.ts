/**
 * npm run bench -- mcp-search — the MCP `search` tool at 10,000 items (issue 32: p95 ≤ 50 ms), for
 * docs/benchmarks.md (nothing here asserts). The real server (the bundle, embedded PostgreSQL,
 * words only: no AI_EMBEDDING_MODEL; `npm run bench -- hybrid` measures what meaning adds) and
 * the SDK's own Client over streamable HTTP, one call at a time, so each figure is a whole
 * tools/call: HTTP, the Bearer, a fresh stateless McpServer, the search, the 不让AI读取 filter,
 * JSON-RPC. GET /api/search on the same data is the reference. BENCH_ITEMS / BENCH_RUNS scale it.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import pg from "pg";
import { ideaVector } from "../src/search/words.ts";
import { BASE, cpuSplit, findSocketDir, idea, json, ms, pct, startServer, stopServer } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const QUERIES = ["咖啡", "时间管理", "睡不着", "周末的计划", "读书笔记", "产品设计", "运动", "旅行"];

/** One row: RUNS calls after a warm-up, their p50 and p95, and where the CPU went per call. */
async function series(serverPid: number, dataDir: string, run: (query: string) => Promise<unknown>) {
  for (const q of QUERIES) await run(q); // warm: plans, caches, the MCP chunk's first load
  const { result: times, cpu } = await cpuSplit(serverPid, dataDir, async () => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run(QUERIES[i % QUERIES.length]!);
      times.push(performance.now() - started);
    }
    return times;
  });
  return `p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}; ${cpu}`;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-mcp-"));
  await chmod(dataDir, 0o755);
  const server = await startServer(dataDir);
  const reg = await json("POST", "/api/auth/register", undefined, {
    account: "mcp-bench@example.cn",
    password: "bench-password",
    agreeTerms: true,
  });
  const token = reg.body.data.token as string;
  const userId = (reg.body.data.user as { id: string }).id;
  const db = new pg.Client({
    host: await findSocketDir(dataDir),
    port: 5432,
    user: "postgres",
    database: "postgres",
  });
  await db.connect();
  // one in ten marked 不让AI读取: the tool must drop them, as it does for a real account
  for (let done = 0; done < ITEMS; done += 500) {
    const contents = Array.from({ length: Math.min(500, ITEMS - done) }, idea);
    const vectors = await Promise.all(
      contents.map((c) => ideaVector({ title: "", content: c, originalContent: c, tags: [] })),
    );
    await db.query(
      `INSERT INTO ideas (user_id, original_content, content, search, ai_excluded, created_at)
       SELECT $1, c, c, v::tsvector, n % 10 = 0, now() - (n * interval '1 minute')
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(c, v, n)`,
      [userId, contents, vectors],
    );
  }
  await db.query("ANALYZE ideas");

  const client = new Client({ name: "bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const row = (run: (query: string) => Promise<unknown>) => series(server.proc.pid!, dataDir, run);
  const tool = (args: Record<string, unknown>) => async (query: string) => {
    const result = await client.callTool({ name: "search", arguments: { query, ...args } });
    if (result.isError) throw new Error(JSON.stringify(result.content));
  };
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}; ${ITEMS} ideas, ${RUNS} calls per row, one client`,
  );
  // first: the run that goes first also warms PostgreSQL's caches, which flattered the later rows
  const api = async (q: string) => {
    const res = await fetch(`${BASE}/api/search?q=${encodeURIComponent(q)}&limit=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
  };
  console.log(`| reference: GET /api/search, limit 10 | ${await row(api)} |`);
  console.log(`| MCP search, limit 10 | ${await row(tool({ limit: 10 }))} |`);
  console.log(`| MCP search, limit 5 | ${await row(tool({ limit: 5 }))} |`);
  console.log(`| MCP search, limit 50 | ${await row(tool({ limit: 50 }))} |`);
  console.log(
    `| MCP search, type and from filters (looks through 100 matches) | ${await row(tool({ type: "idea", from: "2000-01-01", limit: 10 }))} |`,
  );
  await client.close();
  await db.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

await main();

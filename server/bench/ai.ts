/**
 * npm run bench -- ai — figures for docs/benchmarks.md (not a test: nothing here asserts).
 * The real server (child process, embedded PostgreSQL, fresh DATA_DIR) talks to a local
 * OpenAI-compatible provider that answers at once, for a user with 10,000 ideas. Measures:
 * - time to first token: straight from the provider, and through the server (spend, grounding
 *   retrieval, saving the question, the provider call, SSE), each at 20 concurrent streams;
 * - grounding retrieval alone over the 10,000 ideas.
 * BENCH_AI_IDEAS / BENCH_AI_ROUNDS scale it.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { retrieveSources } from "../src/ai/grounding.ts";
import { ideaVector } from "../src/search/words.ts";
import { BASE, cpuSplit, findSocketDir, idea, json, ms, pct, startServer, stopServer } from "./lib.ts";

const IDEAS = Number(process.env.BENCH_AI_IDEAS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_AI_ROUNDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_AI_CONCURRENCY ?? 20);
const STEADY_S = Number(process.env.BENCH_AI_STEADY_S ?? 10);
const QUESTIONS = [
  "我对时间管理有什么想法？",
  "总结一下关于阅读的记录",
  "最近在想哪些产品的事",
  "健身计划",
  "周末做什么",
];

/** Milliseconds from sending the request to the first streamed text (the stream is read to its end). */
async function firstToken(
  url: string,
  init: RequestInit,
  isToken: (chunk: string) => boolean,
): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  let at = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value;
    if (Number.isNaN(at) && isToken(seen)) at = performance.now() - started;
  }
  return at;
}

/** Bursts: all CONCURRENCY questions sent in the same moment, ROUNDS times — the worst case. */
async function rounds(one: (client: number) => Promise<number>) {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    times.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => one(c)))));
  }
  return times;
}

/**
 * Steady state: CONCURRENCY streams open at all times for STEADY_S seconds. Each client asks
 * again as soon as its answer has streamed to the end; their first questions are spread over
 * the first second, so that they do not all arrive together.
 */
async function steady(one: (client: number) => Promise<number>) {
  const times: number[] = [];
  const end = performance.now() + STEADY_S * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, c) => {
      await new Promise((r) => setTimeout(r, (1000 * c) / CONCURRENCY));
      while (performance.now() < end) times.push(await one(c));
    }),
  );
  return times;
}

async function startProvider(pace: number) {
  const proc = spawn(process.execPath, ["server/bench/provider-process.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, CHUNK_MS: String(pace) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [first] = (await once(proc.stdout!, "data")) as [Buffer];
  return { pace, url: first.toString().trim(), proc };
}

async function main() {
  const line = (s = "") => console.log(s);
  // Two providers in processes of their own: one streams everything at once, one at a model's pace.
  const providers = await Promise.all([0, 25].map(startProvider));
  process.on("exit", () => {
    for (const p of providers) p.proc.kill("SIGTERM");
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-ai-"));
  await chmod(dataDir, 0o755);
  const aiEnv = (url: string) => ({ AI_BASE_URL: url, AI_API_KEY: "sk-bench", AI_MODEL: "bench" });
  let server = await startServer(dataDir, aiEnv(providers[0]!.url));
  line(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
  line(`One user with ${IDEAS} ideas; ${CONCURRENCY} concurrent streams × ${ROUNDS} rounds`);
  line();

  const reg = await json("POST", "/api/auth/register", undefined, {
    account: "bench-ai@example.cn",
    password: "bench-password",
    agreeTerms: true,
  });
  const token = reg.body.data.token as string;
  const userId = (reg.body.data.user as { id: string }).id;
  const pool = new pg.Pool({
    host: await findSocketDir(dataDir),
    port: 5432,
    user: "postgres",
    database: "postgres",
  });
  pool.on("error", () => {}); // its idle connections end when the server restarts its PostgreSQL
  await pool.query("UPDATE points_balances SET balance = 1000000 WHERE user_id = $1", [userId]);
  for (let done = 0; done < IDEAS; done += 500) {
    const contents = Array.from({ length: Math.min(500, IDEAS - done) }, idea);
    const vectors = await Promise.all(
      contents.map((c) => ideaVector({ title: "", content: c, originalContent: c, tags: [] })),
    );
    await pool.query(
      `INSERT INTO ideas (user_id, original_content, content, search)
       SELECT $1, c, c, v::tsvector FROM unnest($2::text[], $3::text[]) AS t(c, v)`,
      [userId, contents, vectors],
    );
  }
  await pool.query("ANALYZE ideas");

  const conversations: string[] = [];
  for (let c = 0; c < CONCURRENCY; c++) {
    conversations.push((await json("POST", "/api/chat/conversations", token, {})).body.data.id as string);
  }
  const upstream = JSON.stringify({
    model: "bench",
    stream: true,
    messages: [{ role: "user", content: "你好" }],
  });
  let q = 0;
  line("| provider streams | load | measure | p50 | p95 |");
  line("| --- | --- | --- | --- | --- |");
  for (const { pace, url } of providers) {
    if (url !== providers[0]!.url) {
      await stopServer(server.proc);
      server = await startServer(dataDir, aiEnv(url));
    }
    const direct = () =>
      firstToken(
        `${url}/chat/completions`,
        { method: "POST", headers: { "content-type": "application/json" }, body: upstream },
        (seen) => seen.includes('"content"'),
      );
    const through = (c: number) =>
      firstToken(
        `${BASE}/api/chat/conversations/${conversations[c]}/messages`,
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ content: QUESTIONS[q++ % QUESTIONS.length] }),
        },
        (seen) => seen.includes("event: token"),
      );
    const provider = pace ? `${pace} ms per chunk` : "all at once";
    for (const [how, run] of [
      [`steady, ${CONCURRENCY} streams open`, steady],
      [`burst, ${CONCURRENCY} asked at once`, rounds],
    ] as const) {
      const d = await run(direct);
      const { result: t, cpu } = await cpuSplit(server.proc.pid!, dataDir, () => run(through));
      const row = (what: string, p50: number, p95: number) =>
        line(`| ${provider} | ${how} | ${what} | ${ms(p50)} | ${ms(p95)} |`);
      row(`first token straight from the provider (n=${d.length})`, pct(d, 50), pct(d, 95));
      row(`first token through the server (n=${t.length})`, pct(t, 50), pct(t, 95));
      row("**added by the server**", pct(t, 50) - pct(d, 50), pct(t, 95) - pct(d, 95));
      line(`| ${provider} | ${how} | ${cpu} (the provider's own process not counted) | | |`);
    }
  }

  const retrieval: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await retrieveSources(pool, userId, QUESTIONS[i % QUESTIONS.length]!, 3000);
    retrieval.push(performance.now() - t);
  }
  line(
    `| – | one at a time | grounding retrieval over ${IDEAS} ideas (200 questions) | ${ms(pct(retrieval, 50))} | ${ms(pct(retrieval, 95))} |`,
  );

  await pool.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

// exit (and so stop the provider processes) also when their pipes would keep us alive
main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

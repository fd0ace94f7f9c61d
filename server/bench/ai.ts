/**
 * npm run bench:ai — figures for docs/benchmarks.md (not a test: nothing here asserts).
 * The real server (child process, embedded PostgreSQL, fresh DATA_DIR) talks to a local
 * OpenAI-compatible provider that answers at once, for a user with 10,000 ideas. Measures:
 * - time to first token: straight from the provider, and through the server (spend, grounding
 *   retrieval, saving the question, the provider call, SSE), each at 20 concurrent streams;
 * - grounding retrieval alone over the 10,000 ideas.
 * BENCH_AI_IDEAS / BENCH_AI_ROUNDS scale it.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { retrieveSources } from "../src/services/ai/grounding.ts";
import { ideaVector } from "../src/services/text-index.ts";
import { startFakeProvider, tokens } from "../test/fake-provider.ts";
import { BASE, findSocketDir, idea, json, ms, pct, startServer, stopServer } from "./lib.ts";

const IDEAS = Number(process.env.BENCH_AI_IDEAS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_AI_ROUNDS ?? 15);
const CONCURRENCY = 20;
const QUESTIONS = [
  "我对时间管理有什么想法？",
  "总结一下关于阅读的记录",
  "最近在想哪些产品的事",
  "健身计划",
  "周末做什么",
];

/** Milliseconds from sending the request to the first streamed text. */
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

async function rounds(one: (client: number) => Promise<number>) {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    times.push(...(await Promise.all(Array.from({ length: CONCURRENCY }, (_, c) => one(c)))));
  }
  return times;
}

async function main() {
  const line = (s = "") => console.log(s);
  const provider = await startFakeProvider(() => ({
    kind: "stream",
    chunks: tokens("这是一个用于测量的回答。".repeat(5), 4),
  }));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-ai-"));
  await chmod(dataDir, 0o755);
  const server = await startServer(dataDir, {
    AI_BASE_URL: provider.url,
    AI_API_KEY: "sk-bench",
    AI_MODEL: "bench",
  });
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
  const client = new pg.Client({
    host: await findSocketDir(dataDir),
    port: 5432,
    user: "postgres",
    database: "postgres",
  });
  await client.connect();
  await client.query("UPDATE points_balances SET balance = 1000000 WHERE user_id = $1", [userId]);
  for (let done = 0; done < IDEAS; done += 500) {
    const contents = Array.from({ length: Math.min(500, IDEAS - done) }, idea);
    const vectors = contents.map((c) => ideaVector({ title: "", content: c, originalContent: c, tags: [] }));
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, search)
       SELECT $1, c, c, v::tsvector FROM unnest($2::text[], $3::text[]) AS t(c, v)`,
      [userId, contents, vectors],
    );
  }
  await client.query("ANALYZE ideas");

  const body = JSON.stringify({
    model: "bench",
    stream: true,
    messages: [{ role: "user", content: "你好" }],
  });
  const direct = await rounds(() =>
    firstToken(
      `${provider.url}/chat/completions`,
      { method: "POST", headers: { "content-type": "application/json" }, body },
      (seen) => seen.includes('"content"'),
    ),
  );
  const conversations: string[] = [];
  for (let c = 0; c < CONCURRENCY; c++) {
    conversations.push((await json("POST", "/api/chat/conversations", token, {})).body.data.id as string);
  }
  let q = 0;
  const through = await rounds((c) =>
    firstToken(
      `${BASE}/api/chat/conversations/${conversations[c]}/messages`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: QUESTIONS[q++ % QUESTIONS.length] }),
      },
      (seen) => seen.includes("event: token"),
    ),
  );
  line("| measure | p50 | p95 |");
  line("| --- | --- | --- |");
  line(
    `| first token straight from the provider (${CONCURRENCY} concurrent) | ${ms(pct(direct, 50))} | ${ms(pct(direct, 95))} |`,
  );
  line(
    `| first token through the server (${CONCURRENCY} concurrent) | ${ms(pct(through, 50))} | ${ms(pct(through, 95))} |`,
  );
  line(
    `| **added by the server** | ${ms(pct(through, 50) - pct(direct, 50))} | ${ms(pct(through, 95) - pct(direct, 95))} |`,
  );

  const pool = new pg.Pool({
    host: await findSocketDir(dataDir),
    port: 5432,
    user: "postgres",
    database: "postgres",
  });
  const retrieval: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await retrieveSources(pool, userId, QUESTIONS[i % QUESTIONS.length]!, 3000);
    retrieval.push(performance.now() - t);
  }
  line(
    `| grounding retrieval over ${IDEAS} ideas (sequential, 200 questions) | ${ms(pct(retrieval, 50))} | ${ms(pct(retrieval, 95))} |`,
  );

  await pool.end();
  await client.end();
  await stopServer(server.proc);
  await provider.close();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

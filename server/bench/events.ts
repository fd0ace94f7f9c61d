/**
 * npm run bench -- events — the live stream (GET /api/events, issue 32): from a change on one
 * server process to an open device's stream on another (goal p95 ≤ 1 s), and what 1,000 open
 * streams cost one process (goal ≤ 50 MB). A fresh database on the machine's PostgreSQL
 * (BENCH_ADMIN_URL), two real server processes (`node server/src/index.ts`). ACCOUNTS accounts
 * each follow their stream on process A while CAPTURES captures go through process B, CONCURRENCY
 * at a time; the time runs from sending the capture (and from its answer, after its commit) to
 * the event arriving. Then STREAMS streams (10 per account) are opened on process A, and its RSS
 * is read before and after. Figures only; nothing asserts.
 */
import { createParser } from "eventsource-parser";
import pg from "pg";
import { killAllChildren, startChildServer } from "../test/child-server.ts";
import { mb, ms, pct, rssKb } from "./lib.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20);
const CAPTURES = Number(process.env.BENCH_CAPTURES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);

type Account = { token: string };

async function register(base: string, n: number): Promise<Account> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account: `bench-events-${n}@example.cn`,
      password: "bench-password",
      agreeTerms: true,
    }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  return { token: ((await res.json()) as { data: { token: string } }).data.token };
}

/** Opens a stream and calls `onChange(itemId)` per change; resolves once it is ready. */
async function follow(base: string, token: string, onChange: (itemId: string) => void, signal: AbortSignal) {
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal });
  if (res.status !== 200) throw new Error(`events: ${res.status} ${await res.text()}`);
  let ready: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const parser = createParser({
    onEvent: (e) => {
      if (e.event === "ready") ready();
      if (e.event === "change") onChange(JSON.parse(e.data).id);
    },
  });
  void (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: "" }));
      if (done) return;
      parser.feed(value!);
    }
  })();
  await opened;
}

async function main() {
  const database = `shinian_bench_events_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const stop = new AbortController();
  try {
    const env = {
      DATABASE_URL: url.toString(),
      CONNECTIONS_PER_IP: "0",
      RATE_CAPTURES: "0",
      REGISTER_PER_IP_PER_HOUR: "100000",
      MALLOC_ARENA_MAX: "2",
    };
    const a = await startChildServer(env);
    const b = await startChildServer(env);

    // 1. change on B → stream on A
    const accounts: Account[] = [];
    for (let i = 0; i < ACCOUNTS; i++) accounts.push(await register(b.base, i));
    const arrived = new Map<string, number>();
    const waiting = new Map<string, () => void>();
    const onChange = (id: string) => {
      arrived.set(id, performance.now());
      waiting.get(id)?.();
    };
    for (const account of accounts) await follow(a.base, account.token, onChange, stop.signal);
    const fromSend: number[] = [];
    const fromAnswer: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < CAPTURES) {
          const n = next++;
          const account = accounts[n % accounts.length]!;
          const sent = performance.now();
          const res = await fetch(`${b.base}/api/ideas`, {
            method: "POST",
            headers: { authorization: `Bearer ${account.token}`, "content-type": "application/json" },
            body: JSON.stringify({ content: `实时事件测量 ${n}` }),
          });
          const answered = performance.now();
          const { data } = (await res.json()) as { data: { id: string } };
          if (!arrived.has(data.id)) await new Promise<void>((resolve) => waiting.set(data.id, resolve));
          const at = arrived.get(data.id)!;
          fromSend.push(at - sent);
          fromAnswer.push(Math.max(0, at - answered));
        }
      }),
    );
    console.log(
      `change on process B → stream on process A, ${CAPTURES} captures, ${ACCOUNTS} accounts, ${CONCURRENCY} at a time`,
    );
    console.log(
      `  from sending the capture: p50 ${ms(pct(fromSend, 50))}  p95 ${ms(pct(fromSend, 95))}  max ${ms(Math.max(...fromSend))}`,
    );
    console.log(
      `  from its answer (committed): p50 ${ms(pct(fromAnswer, 50))}  p95 ${ms(pct(fromAnswer, 95))}  max ${ms(Math.max(...fromAnswer))}`,
    );

    // 2. memory of STREAMS open streams on A (10 per account, the cap)
    await new Promise((r) => setTimeout(r, 1000));
    const before = await rssKb(a.proc.pid!);
    const holders: Account[] = [];
    for (let i = 0; i < Math.ceil(STREAMS / 10); i++) holders.push(await register(b.base, 1000 + i));
    const opening: Promise<void>[] = [];
    for (let i = 0; i < STREAMS; i++)
      opening.push(follow(a.base, holders[Math.floor(i / 10)]!.token, () => {}, stop.signal));
    await Promise.all(opening);
    await new Promise((r) => setTimeout(r, 2000));
    const after = await rssKb(a.proc.pid!);
    console.log(
      `${STREAMS} more open streams on process A: RSS ${mb(before)} → ${mb(after)} (+${mb(after - before)})`,
    );
  } finally {
    stop.abort();
    killAllChildren();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

await main();

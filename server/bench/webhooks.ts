/**
 * npm run bench -- webhooks — how long after a change's commit its webhook is first attempted
 * (issue 32: p95 ≤ 1 s). A fresh database on the machine's PostgreSQL (BENCH_ADMIN_URL); the app
 * in this process, and two delivery workers on pools of their own (two processes' worth: they
 * share the work by SKIP LOCKED claims, each woken by the outbox's NOTIFY). ACCOUNTS accounts
 * each with a webhook to a local receiver; CAPTURES captures, CONCURRENCY at a time. The time
 * runs from the capture's answer (after its commit) to the request reaching the receiver. One
 * more account's endpoint answers only after 5 s (and times out) all along: the others' figures
 * are taken while it holds its slots. Figures only; nothing asserts.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createApp } from "../src/app.ts";
import { migrate } from "../src/db/migrate.ts";
import { createPool } from "../src/db/pool.ts";
import { loadConfig } from "../src/env.ts";
import { createLogger } from "../src/logger.ts";
import { createBackgroundWork } from "../src/shared/background-work.ts";
import { webhookWorker } from "../src/webhooks/worker.ts";
import { jsonCaller } from "./in-process.ts";
import { ms, pct } from "./lib.ts";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 20);
const CAPTURES = Number(process.env.BENCH_CAPTURES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function main() {
  const database = `shinian_bench_webhooks_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const logger = createLogger("silent");
  const db = createPool({ connectionString: url.toString() }, logger);
  const workerPools = [0, 1].map(() => createPool({ connectionString: url.toString() }, logger));
  const arrived = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const slow = req.url === "/slow";
    req.resume();
    req.on("end", () => {
      if (!slow) arrived.set(String(req.headers["webhook-id"]), performance.now());
      setTimeout(() => res.end("ok"), slow ? 5_000 : 0);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const work = createBackgroundWork();
  const workers: ReturnType<typeof webhookWorker>[] = [];
  try {
    await migrate(db, logger);
    const config = loadConfig({
      LOG_LEVEL: "silent",
      PASSWORD_HASH_COST: "10",
      REGISTER_PER_IP_PER_HOUR: "1000",
      RATE_CAPTURES: "0",
      SECRET_KEY: "bench-secret-key-0123456789abcdefghijkl",
      OUTBOUND_ALLOW_LOCAL: "true",
    });
    const app = createApp({ config, db, logger });
    const call = jsonCaller(app);
    const account = async (n: number, path: string) => {
      const registered = await call("/api/auth/register", undefined, {
        account: `bench-webhooks-${n}@example.cn`,
        password: "bench-password",
        agreeTerms: true,
      });
      const token = registered.data.token as string;
      await call("/api/webhooks", token, { url: `${base}${path}`, events: ["idea.created"] });
      return token;
    };
    const tokens: string[] = [];
    for (let n = 0; n < ACCOUNTS; n++) tokens.push(await account(n, "/hook"));
    const slowToken = await account(ACCOUNTS, "/slow");
    for (const pool of workerPools) {
      workers.push(webhookWorker({ config, db: pool, logger, work, clock: () => new Date() }));
    }

    const committed = new Map<string, number>();
    const deliveryIds = async (ideaId: string) => {
      const { rows } = await db.query<{ id: string }>(
        "SELECT id FROM webhook_deliveries WHERE item_id = $1",
        [ideaId],
      );
      return rows.map((r) => `msg_${r.id}`);
    };
    let next = 0;
    const started = performance.now();
    const lane = async () => {
      while (next < CAPTURES) {
        const i = next++;
        // the slow account writes too, every tenth capture
        const token = i % 10 === 0 ? slowToken : tokens[i % tokens.length]!;
        const made = await call("/api/ideas", token, { content: `基准 ${i}` });
        const at = performance.now();
        if (token !== slowToken)
          for (const id of await deliveryIds(made.data.id as string)) committed.set(id, at);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    const wall = performance.now() - started;
    const until = performance.now() + 30_000;
    while ([...committed.keys()].some((id) => !arrived.has(id)) && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const lags = [...committed].map(([id, at]) => (arrived.get(id) ?? Number.POSITIVE_INFINITY) - at);
    console.log(
      `${ACCOUNTS} accounts + 1 whose endpoint answers after 5 s; ${CAPTURES} captures, ${CONCURRENCY} at a time ` +
        `(${Math.round((CAPTURES / wall) * 1000)}/s); 2 workers on pools of their own\n`,
    );
    console.log("| From a capture's commit to its webhook's first attempt | p50 | p95 | max |");
    console.log("|---|---|---|---|");
    console.log(
      `| ${lags.length} deliveries of the ${ACCOUNTS} accounts | ${ms(pct(lags, 50))} | **${ms(pct(lags, 95))}** | ${ms(Math.max(...lags))} |`,
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await work.close();
    receiver.closeAllConnections();
    receiver.close();
    await Promise.all([db, ...workerPools].map((p) => p.end()));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

await main();

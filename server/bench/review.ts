/**
 * npm run bench -- review — 每日回顾 and 那年今日 for one account of 10,000 items (issue 15: p95 ≤ 20 ms).
 * A fresh database on the machine's PostgreSQL (BENCH_ADMIN_URL), the app in this process with
 * its clock moved a day forward before each draw, so every request of the first series draws a
 * new day's set (the expensive path, which a person meets once a day); the second re-reads one
 * day's set, the third asks 那年今日 for a different day each time. Requests go through the
 * whole app (auth, validation, JSON), not a socket. BENCH_EXPLAIN=1 also prints the draw's plan
 * with its time in the database. Figures only; nothing asserts.
 */
import { createApp } from "../src/app.ts";
import { loadConfig } from "../src/env.ts";
import { drawReviewDay } from "../src/review/review.store.ts";
import { jsonCaller, withFreshDatabase } from "./in-process.ts";
import { ms, pct } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const DAY_MS = 86_400_000;

async function main() {
  await withFreshDatabase("review", async (db, logger) => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      PASSWORD_HASH_COST: "10",
      REGISTER_PER_IP_PER_HOUR: "1000",
    });
    let now = Date.now();
    const app = createApp({ config, db, logger, clock: () => new Date(now) });
    const call = jsonCaller(app);
    const registered = await call("/api/auth/register", undefined, {
      account: "bench-review@example.cn",
      password: "bench-password",
      agreeTerms: true,
    });
    const token = registered.data.token as string;
    const userId = (registered.data.user as { id: string }).id;
    // 80 % ideas, 20 % notes, spread over the last three years
    const ideas = Math.round(ITEMS * 0.8);
    await db.query(
      `INSERT INTO ideas (user_id, original_content, content, created_at)
       SELECT $1, '回顾基准 ' || n, '回顾基准 ' || n, now() - n * (interval '3 years' / $2) FROM generate_series(1, $2) n`,
      [userId, ideas],
    );
    await db.query(
      `INSERT INTO notes (user_id, title, content, created_at)
       SELECT $1, '笔记 ' || n, repeat('长笔记内容。', 200), now() - n * (interval '3 years' / $2) - interval '1 hour'
       FROM generate_series(1, $2) n`,
      [userId, ITEMS - ideas],
    );
    await db.query("ANALYZE");

    const timed = async (fn: () => Promise<unknown>) => {
      const started = performance.now();
      await fn();
      return performance.now() - started;
    };
    const series = async (name: string, step: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await step(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timed(step));
      console.log(
        `| ${name} | p50 ${ms(pct(times, 50))}, p95 **${ms(pct(times, 95))}**, max ${ms(Math.max(...times))} |`,
      );
    };
    console.log(
      `Account: ${ideas} ideas + ${ITEMS - ideas} notes over 3 years; ${RUNS} requests each, one at a time\n`,
    );
    await series("GET /api/review/today, a new day each time (draws and stores the set)", () => {
      now += DAY_MS;
      return call("/api/review/today", token);
    });
    await series("GET /api/review/today, the day's set again", () => call("/api/review/today", token));
    await series("GET /api/review/on-this-day, a different day each time", () => {
      now += DAY_MS;
      return call("/api/review/on-this-day", token);
    });
    if (process.env.BENCH_EXPLAIN) {
      // the draw's own statement, for a day not drawn yet, explained and rolled back
      let statement = { text: "", values: [] as unknown[] };
      const capture = {
        query: async (text: string, values: unknown[]) => {
          statement = { text, values };
          return { rows: [], rowCount: 0 };
        },
      } as unknown as Parameters<typeof drawReviewDay>[0];
      await drawReviewDay(capture, userId, new Date(now + 30 * DAY_MS).toISOString().slice(0, 10), 5);
      const client = await db.connect();
      try {
        await client.query("BEGIN");
        const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
        console.log(`\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
      } finally {
        await client.query("ROLLBACK");
        client.release();
      }
    }
  });
}

await main();

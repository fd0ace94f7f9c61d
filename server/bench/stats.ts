/**
 * npm run bench -- stats — 统计 (GET /api/stats) for one account of 10,000 items, all in the last
 * year (the most a year's counts hold), each with 0–3 of 60 tags (issue 33, item 8: p95 ≤ 20 ms
 * served from an aggregate). First the plain queries the aggregate replaces, timed in the
 * database's client: the day counts grouped from ideas and notes over their (user_id, Beijing day)
 * indexes, and the year's tags unnested from the rows. Then the endpoint through the whole app
 * (auth, validation, JSON), not a socket. A fresh database on the machine's PostgreSQL
 * (BENCH_ADMIN_URL). Figures only; nothing asserts.
 */
import { createApp } from "../src/app.ts";
import { loadConfig } from "../src/env.ts";
import { withFreshDatabase } from "./in-process.ts";
import { ms, pct } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

// over the expression indexes 015 made for 那年今日, (user_id, Beijing day): index-only scans
const BEIJING_DAY = "(created_at AT TIME ZONE 'Asia/Shanghai')::date";
const PLAIN_DAYS = `
  SELECT day, count(*)::int FROM (
    SELECT ${BEIJING_DAY} AS day FROM ideas WHERE user_id = $1 AND ${BEIJING_DAY} >= $2
    UNION ALL SELECT ${BEIJING_DAY} FROM notes WHERE user_id = $1 AND ${BEIJING_DAY} >= $2) x
  GROUP BY 1`;
const PLAIN_TAGS = `
  SELECT tag, count(*)::int FROM (
    SELECT unnest(tags) AS tag FROM ideas WHERE user_id = $1 AND created_at >= $2
    UNION ALL SELECT unnest(tags) FROM notes WHERE user_id = $1 AND created_at >= $2) x
  GROUP BY tag ORDER BY 2 DESC, tag LIMIT 10`;

async function main() {
  await withFreshDatabase("stats", async (db, logger) => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      PASSWORD_HASH_COST: "10",
      RATE_CAPTURES: "100000/100000",
    });
    const app = createApp({ config, db, logger });
    const register = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.0.0.1" },
      body: JSON.stringify({
        account: "bench-stats@example.cn",
        password: "bench-password",
        agreeTerms: true,
      }),
    });
    const { data } = (await register.json()) as { data: { token: string; user: { id: string } } };
    const userId = data.user.id;
    await app.request("/api/profile", {
      method: "PATCH",
      headers: { authorization: `Bearer ${data.token}`, "content-type": "application/json" },
      body: JSON.stringify({ settings: { autoTidy: false } }),
    });
    // 80 % ideas, 20 % notes, spread over the last 360 days; tag i of 60 with a skew, so a few are common
    const ideas = Math.round(ITEMS * 0.8);
    // n % 4 tags each (0–3), skewed towards the low numbers: a few common tags, many rare ones
    const tags = `(SELECT coalesce(array_agg(DISTINCT '标签' || floor(60 * ((n * k * 7919) % 1000 / 1000.0) ^ 2)::int), '{}')
                   FROM generate_series(1, n % 4) k)`;
    const started = performance.now();
    await db.query(
      `INSERT INTO ideas (user_id, original_content, content, tags, created_at)
       SELECT $1, '统计基准 ' || n, '统计基准 ' || n, ${tags}, now() - random() * interval '360 days'
       FROM generate_series(1, $2) n`,
      [userId, ideas],
    );
    await db.query(
      `INSERT INTO notes (user_id, title, content, tags, created_at)
       SELECT $1, '笔记 ' || n, repeat('长笔记内容。', 200), ${tags}, now() - random() * interval '360 days'
       FROM generate_series(1, $2) n`,
      [userId, ITEMS - ideas],
    );
    const filled = performance.now() - started;
    await db.query("VACUUM ANALYZE");
    const { rows: sizes } = await db.query(
      `SELECT (SELECT count(*) FROM capture_days)::int AS days, (SELECT count(*) FROM capture_tag_months)::int AS tag_months,
              (SELECT sum(cardinality(tags)) FROM ideas)::int + (SELECT sum(cardinality(tags)) FROM notes)::int AS tagged`,
    );

    const series = async (name: string, step: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await step(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await step();
        times.push(performance.now() - t);
      }
      console.log(
        `| ${name} | p50 ${ms(pct(times, 50))}, p95 **${ms(pct(times, 95))}**, max ${ms(Math.max(...times))} |`,
      );
    };
    console.log(
      `Account: ${ideas} ideas + ${ITEMS - ideas} notes over 360 days (two INSERTs through the triggers: ${ms(filled)}); ` +
        `${sizes[0].tagged} tags on them; kept: ${sizes[0].days} day rows, ${sizes[0].tag_months} tag-month rows; ${RUNS} asks each, one at a time\n`,
    );
    const yearAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    await series("plain GROUP BY: days from ideas + notes", () => db.query(PLAIN_DAYS, [userId, yearAgo]));
    await series("plain GROUP BY: the year's top 10 tags", () => db.query(PLAIN_TAGS, [userId, yearAgo]));
    await series("GET /api/stats (from capture_days and capture_tag_months)", async () => {
      const res = await app.request("/api/stats", { headers: { authorization: `Bearer ${data.token}` } });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      await res.json();
    });
    if (process.env.BENCH_EXPLAIN) {
      for (const [text, values] of [
        [PLAIN_DAYS, [userId, yearAgo]],
        [PLAIN_TAGS, [userId, yearAgo]],
      ] as const) {
        const { rows } = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, [...values]);
        console.log(`\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
    // what keeping the counts costs a capture: the same capture with the two count triggers off
    const capture = async () => {
      const res = await app.request("/api/ideas", {
        method: "POST",
        headers: { authorization: `Bearer ${data.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "统计基准的一条新想法 #标签1 #标签2" }),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    };
    await series("POST /api/ideas (tags, 自动整理 off), with the count triggers", capture);
    await db.query("ALTER TABLE ideas DISABLE TRIGGER ideas_captures_inserted");
    await series("POST /api/ideas, the count triggers off", capture);
    await db.query("ALTER TABLE ideas ENABLE TRIGGER ideas_captures_inserted");
    await series("POST /api/ideas, with the count triggers again", capture);
  });
}

await main();

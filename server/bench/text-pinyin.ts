import { createApp } from "../src/app.ts";
import { loadConfig } from "../src/env.ts";
import { literalOf } from "../src/search/literal.ts";
import { ideaFolded } from "../src/search/words.ts";
import { withFreshDatabase } from "./in-process.ts";
import { idea, ms, pct, pick, printLoadAverage } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const ACCOUNTS = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const QUERIES = ["咖啡", "时间管理", "paobu", "kafei", "跑步 配速", "shijian"];

const fields = (c: string) => ({ title: "", content: c, originalContent: c, tags: [] });
/** Version 1's words: no pinyin of the text (title, tags, then text and original), no topics field. */
const wordsV1 = async (c: string) =>
  literalOf(
    (await ideaFolded(fields(c))).filter((f) => !f.extra).map((f, i) => (i >= 2 ? { ...f, pinyin: [] } : f)),
  );
const wordsV2 = async (c: string) => literalOf(await ideaFolded(fields(c)));

async function main() {
  await withFreshDatabase("pinyin", async (db, logger) => {
    const config = loadConfig({ LOG_LEVEL: "silent", PASSWORD_HASH_COST: "10", TRUST_PROXY: "true" });
    const app = createApp({ config, db, logger });
    const users: { token: string; id: string }[] = [];
    for (let u = 0; u < ACCOUNTS; u++) {
      const res = await app.request("/api/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `10.0.${u >> 8}.${u & 255}` },
        body: JSON.stringify({
          account: `bench-pinyin-${u}@example.cn`,
          password: "bench-password",
          agreeTerms: true,
        }),
      });
      const { data } = (await res.json()) as { data: { token: string; user: { id: string } } };
      users.push({ token: data.token, id: data.user.id });
    }
    const texts = Array.from({ length: 2_000 }, idea);
    // CPU of one idea's words, best of 3 rounds over the 2,000 texts
    for (const [name, make] of [
      ["version 1", wordsV1],
      ["version 2", wordsV2],
    ] as const) {
      let best = Number.POSITIVE_INFINITY;
      for (let r = 0; r < 3; r++) {
        const t = performance.now();
        for (const c of texts) await make(c);
        best = Math.min(best, (performance.now() - t) / texts.length);
      }
      console.log(`| words of one idea, ${name} | ${(best * 1000).toFixed(0)} µs |`);
    }
    const started = performance.now();
    const perAccount = Math.round(ITEMS / ACCOUNTS);
    for (const u of users) {
      const contents = Array.from({ length: perAccount }, () => pick(texts));
      const vectors = await Promise.all(contents.map(wordsV1));
      await db.query(
        `INSERT INTO ideas (user_id, original_content, content, search, search_version)
         SELECT $1, c, c, v::tsvector, 1 FROM unnest($2::text[], $3::text[]) AS x(c, v)`,
        [u.id, contents, vectors],
      );
    }
    console.log(`Seeded ${ITEMS} ideas over ${ACCOUNTS} accounts in ${ms(performance.now() - started)}\n`);

    const measure = async (label: string) => {
      await db.query("VACUUM FULL ANALYZE ideas");
      const { rows } = await db.query<{ table: string; index: string; lexemes: string }>(
        `SELECT pg_size_pretty(pg_table_size('ideas')) AS table,
                pg_size_pretty(pg_relation_size('ideas_search')) AS index,
                (SELECT avg(length(search))::numeric(8,1)::text FROM ideas) AS lexemes`,
      );
      console.log(
        `| ${label}: ideas table (with TOAST) / search index / words an idea | ${rows[0]!.table} / ${rows[0]!.index} / ${rows[0]!.lexemes} |`,
      );
      for (const q of QUERIES) {
        const times: number[] = [];
        let hits = 0;
        for (let i = 0; i < RUNS; i++) {
          const u = pick(users);
          const t = performance.now();
          const res = await app.request(`/api/search?q=${encodeURIComponent(q)}&limit=20`, {
            headers: { authorization: `Bearer ${u.token}` },
          });
          const { data } = (await res.json()) as { data: { items: unknown[] } };
          times.push(performance.now() - t);
          hits += data.items.length;
        }
        console.log(
          `| ${label}: GET /api/search?q=${q} | p50 ${ms(pct(times, 50))}, p95 **${ms(pct(times, 95))}**; ${(hits / RUNS).toFixed(1)} hits a search |`,
        );
      }
    };
    await measure("version 1");
    const rewriting = performance.now();
    for (const u of users) {
      const { rows } = await db.query<{ id: string; content: string }>(
        "SELECT id, content FROM ideas WHERE user_id = $1",
        [u.id],
      );
      const vectors = await Promise.all(rows.map((r) => wordsV2(r.content)));
      await db.query(
        `UPDATE ideas i SET search = v.s::tsvector, search_version = 2
         FROM unnest($1::uuid[], $2::text[]) AS v(id, s) WHERE i.id = v.id`,
        [rows.map((r) => r.id), vectors],
      );
    }
    console.log(`\nWrote version 2's words over them in ${ms(performance.now() - rewriting)}\n`);
    await measure("version 2");
    printLoadAverage();
  });
}

await main();

/**
 * npm run bench -- similar — 你想过这个 (POST /api/similar) on an account of 10,000 items (issue 33,
 * item 3: server time p95 ≤ 50 ms), no embeddings model. One account with BENCH_ITEMS items (nine
 * in ten ideas of the benchmark's generated text plus the 300 everyday ideas of
 * fixtures/related-groups.json, one in ten notes of 20–60 ideas' text each) and 20 other accounts
 * of 500 ideas, their search words made as the server makes them. Drafts: the everyday ideas
 * reworded a little, and generated ideas. The endpoint through the whole app (auth, validation,
 * JSON), not a socket, one request at a time, after the account's words are counted. A fresh
 * database on the machine's PostgreSQL (BENCH_ADMIN_URL). Figures only; nothing asserts.
 */
import { readFile } from "node:fs/promises";
import { createApp } from "../src/app.ts";
import type { Db } from "../src/db/pool.ts";
import { loadConfig } from "../src/env.ts";
import { recountTermStats } from "../src/search/related.store.ts";
import { ideaVector, noteVector } from "../src/search/words.ts";
import { withFreshDatabase } from "./in-process.ts";
import { idea, ms, pct, pick, printLoadAverage, rand } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

async function seedIdeas(db: Db, userId: string, contents: string[]) {
  for (let done = 0; done < contents.length; done += 500) {
    const batch = contents.slice(done, done + 500);
    const vectors = await Promise.all(
      batch.map((c) => ideaVector({ title: "", content: c, originalContent: c, tags: [] })),
    );
    await db.query(
      `INSERT INTO ideas (user_id, original_content, content, search, search_version, created_at)
       SELECT $1, c, c, v::tsvector, 2, now() - (n * interval '1 minute')
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(c, v, n)`,
      [userId, batch, vectors],
    );
  }
}

async function seedNotes(db: Db, userId: string, n: number) {
  for (let done = 0; done < n; done += 100) {
    const titles = Array.from({ length: Math.min(100, n - done) }, () => idea().slice(0, 12));
    const contents = titles.map(() =>
      Array.from({ length: 20 + Math.floor(rand() * 40) }, idea).join("\n\n"),
    );
    const vectors = await Promise.all(
      contents.map((c, i) => noteVector({ title: titles[i]!, content: c, tags: [] })),
    );
    await db.query(
      `INSERT INTO notes (user_id, title, content, search, search_version, created_at)
       SELECT $1, t, c, v::tsvector, 2, now() - (n * interval '7 minutes')
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(t, c, v, n)`,
      [userId, titles, contents, vectors],
    );
  }
}

async function main() {
  const { groups } = JSON.parse(
    await readFile(new URL("./fixtures/related-groups.json", import.meta.url), "utf8"),
  ) as { groups: { ideas: string[] }[] };
  const everyday = groups.flatMap((g) => g.ideas);
  await withFreshDatabase("similar", async (db, logger) => {
    const config = loadConfig({ LOG_LEVEL: "silent", PASSWORD_HASH_COST: "10", TRUST_PROXY: "true" });
    const app = createApp({ config, db, logger });
    let registered = 0;
    const register = async (account: string) => {
      const res = await app.request("/api/auth/register", {
        method: "POST",
        // one address each: registrations are limited per address
        headers: { "content-type": "application/json", "x-forwarded-for": `10.0.1.${++registered}` },
        body: JSON.stringify({ account, password: "bench-password", agreeTerms: true }),
      });
      return ((await res.json()) as { data: { token: string; user: { id: string } } }).data;
    };
    const me = await register("bench-similar@example.cn");
    const notes = Math.round(ITEMS / 10);
    const started = performance.now();
    await seedIdeas(db, me.user.id, [
      ...everyday,
      ...Array.from({ length: ITEMS - notes - everyday.length }, idea),
    ]);
    await seedNotes(db, me.user.id, notes);
    for (let o = 0; o < 20; o++) {
      const other = await register(`bench-similar-${o}@example.cn`);
      await seedIdeas(db, other.user.id, Array.from({ length: 500 }, idea));
    }
    await db.query("VACUUM ANALYZE");
    await recountTermStats(db, me.user.id);
    console.log(
      `Account: ${ITEMS - notes} ideas (300 everyday ones) + ${notes} notes, 20 accounts × 500 ideas more; seeded and counted in ${ms(performance.now() - started)}; ${RUNS} drafts, one at a time\n`,
    );

    // a draft is an everyday idea said again a little differently, or a generated one
    const draft = () =>
      rand() < 0.5 ? `今天又想到：${pick(everyday).slice(2)}` : idea().slice(0, 40 + Math.floor(rand() * 40));
    let found = 0;
    const ask = async () => {
      const res = await app.request("/api/similar", {
        method: "POST",
        headers: { authorization: `Bearer ${me.token}`, "content-type": "application/json" },
        body: JSON.stringify({ text: draft() }),
      });
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { items: unknown[] } };
      if (data.items.length) found++;
    };
    for (let i = 0; i < 20; i++) await ask(); // warm-up
    found = 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await ask();
      times.push(performance.now() - t);
    }
    console.log(
      `| POST /api/similar (${ITEMS} items) | p50 ${ms(pct(times, 50))}, p95 **${ms(pct(times, 95))}**, max ${ms(Math.max(...times))}; ${found} of ${RUNS} drafts had an earlier item |`,
    );
    printLoadAverage();
  });
}

await main();

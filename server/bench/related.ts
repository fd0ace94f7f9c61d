/**
 * `npm run bench -- server related` — 相关内容 on a 10,000-item account (issue 17: p95 ≤ 30 ms), for
 * docs/benchmarks.md. Starts the real server (embedded PostgreSQL) in a fresh DATA_DIR, seeds one
 * account with SQL (BENCH_RELATED_ITEMS items: nine in ten ideas, one in ten notes of 20–60 ideas'
 * text each) and 20 other accounts of 500 ideas, then asks for the related items of random ideas
 * and notes over HTTP, one request at a time. BENCH_EXPLAIN=1 prints the candidates' plan.
 */
import { rm } from "node:fs/promises";
import type pg from "pg";
import type { Queryable } from "../src/db/pool.ts";
import { bestSharingQuery, itemTerms, termStatsState } from "../src/search/related.store.ts";
import { weigh } from "../src/search/related.ts";
import { RELATED_STOPWORDS } from "../src/search/stopwords.ts";
import { noteVector, quoteLexeme } from "../src/search/words.ts";
import {
  BASE,
  benchServerWithAccounts,
  idea,
  insertIdeasWithWords,
  load,
  ms,
  pct,
  pick,
  printLoadAverage,
  rand,
  stopServer,
} from "./lib.ts";

const ITEMS = Number(process.env.BENCH_RELATED_ITEMS ?? 10_000);

async function seedNotes(client: pg.Client, userId: string, n: number) {
  for (let done = 0; done < n; done += 100) {
    const batch = Math.min(100, n - done);
    const titles = Array.from({ length: batch }, () => idea().slice(0, 12));
    const contents = titles.map(() =>
      Array.from({ length: 20 + Math.floor(rand() * 40) }, idea).join("\n\n"),
    );
    const vectors = await Promise.all(
      contents.map((c, i) => noteVector({ title: titles[i]!, content: c, tags: [] })),
    );
    await client.query(
      `INSERT INTO notes (user_id, title, content, search, created_at)
       SELECT $1, t, c, v::tsvector, now() - (n * interval '7 minutes')
       FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(t, c, v, n)`,
      [userId, titles, contents, vectors],
    );
  }
}

/** bestSharing's statement for these words, as the service asks it. */
function candidatesOf(userId: string, item: { type: "idea"; id: string }, terms: ReturnType<typeof weigh>) {
  const anyOf = (ts: typeof terms) => (ts.length ? ts.map((t) => quoteLexeme(t.lexeme)).join(" | ") : null);
  return bestSharingQuery(
    userId,
    item,
    { tsqueries: terms.map((t) => quoteLexeme(t.lexeme)), values: terms.map((t) => t.value) },
    { rare: anyOf(terms.filter((t) => t.docs <= 50)), common: anyOf(terms.filter((t) => t.docs > 50)) },
    { rare: 500, common: 50 },
    5,
  );
}

export async function relatedBench() {
  const { dataDir, server, client, users } = await benchServerWithAccounts("related", 21);
  const [me, ...others] = users;
  const notes = Math.round(ITEMS / 10);
  await insertIdeasWithWords(client, me!.id, ITEMS - notes);
  await seedNotes(client, me!.id, notes);
  for (const o of others) await insertIdeasWithWords(client, o.id, 500);
  await client.query("ANALYZE ideas");
  await client.query("ANALYZE notes");
  const ids = async (table: string) =>
    (
      await client.query<{ id: string }>(
        `SELECT id FROM ${table} WHERE user_id = $1 ORDER BY random() LIMIT 300`,
        [me!.id],
      )
    ).rows.map((r) => r.id);
  const ideaIds = await ids("ideas");
  const noteIds = await ids("notes");
  console.log(
    `Data: one account with ${ITEMS - notes} ideas and ${notes} notes; 20 accounts × 500 ideas more`,
  );

  const get = (url: string) =>
    fetch(BASE + url, { headers: { authorization: `Bearer ${me!.token}` } }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  // The first request finds no word counts and starts counting them in the background.
  const first = performance.now();
  await get(`/api/ideas/${ideaIds[0]}/related`);
  console.log(`| first request, before the account's words are counted | ${ms(performance.now() - first)} |`);
  const counting = performance.now();
  while ((await client.query("SELECT 1 FROM term_stats_state WHERE user_id = $1", [me!.id])).rowCount === 0) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const kept = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM term_stats WHERE user_id = $1",
    [me!.id],
  );
  console.log(
    `| counting the account's words in the background (ts_stat, ${kept.rows[0]!.n} words kept) | ≤ ${ms(performance.now() - counting)} |`,
  );

  const rows: [string, () => Promise<number>][] = [
    // the floor under this machine's load: a request that reads nothing
    ["GET /api/health (for comparison)", () => get("/api/health")],
    ["GET /api/ideas/{id}/related (random idea)", () => get(`/api/ideas/${pick(ideaIds)}/related`)],
    [
      "GET /api/notes/{id}/related (random note, 20–60 paragraphs)",
      () => get(`/api/notes/${pick(noteIds)}/related`),
    ],
  ];
  for (const [what, one] of rows) {
    const r = await load(1, 10, one);
    console.log(
      `| ${what}, sequential, 10 s | ${r.n} requests, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, ${r.errors} errors |`,
    );
  }
  // the statements of one request, timed one by one from here (the database's share of it)
  const db = client as unknown as Queryable;
  const parts = { terms: [] as number[], state: [] as number[], best: [] as number[] };
  for (let i = 0; i < 60; i++) {
    const item = { type: "idea" as const, id: pick(ideaIds) };
    let t = performance.now();
    const words = (await itemTerms(db, me!.id, item, [...RELATED_STOPWORDS], 40)) ?? [];
    parts.terms.push(performance.now() - t);
    t = performance.now();
    await termStatsState(db, me!.id);
    parts.state.push(performance.now() - t);
    const q = candidatesOf(me!.id, item, weigh(words, ITEMS));
    t = performance.now();
    await client.query(q.text, q.values);
    parts.best.push(performance.now() - t);
  }
  for (const [what, xs] of Object.entries(parts)) {
    console.log(
      `| ${what} statement alone (60 random ideas) | p50 ${ms(pct(xs, 50))}, p95 ${ms(pct(xs, 95))} |`,
    );
  }
  printLoadAverage();
  if (process.env.BENCH_EXPLAIN) {
    // the candidates' statement for one idea, with the words the service would ask
    const item = { type: "idea" as const, id: ideaIds[1]! };
    const words =
      (await itemTerms(client as unknown as Queryable, me!.id, item, [...RELATED_STOPWORDS], 40)) ?? [];
    const terms = weigh(words, ITEMS);
    const q = candidatesOf(me!.id, item, terms);
    const { rows: plan } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
    console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
  }
  await client.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

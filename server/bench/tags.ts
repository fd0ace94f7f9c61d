/**
 * `npm run bench -- server tags` — the tag list, the feed by tag and a rename's count on a
 * 10,000-item account (issue 15: p95 ≤ 20 ms for the counts), for docs/benchmarks.md. Starts the
 * real server (embedded PostgreSQL) in a fresh DATA_DIR, seeds one account with SQL (BENCH_TAG_ITEMS
 * ideas, 0–4 tags each from ~120 paths two or three levels deep, plus 20 other accounts of 500 so
 * the tables are not one person's), then times sequential requests over HTTP and prints the plans.
 */
import { rm } from "node:fs/promises";
import type pg from "pg";
import { ideaVector } from "../src/search/words.ts";
import { BASE, benchServerWithAccounts, idea, json, load, ms, pick, rand, stopServer } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_TAG_ITEMS ?? 10_000);
const TOPS = ["读书", "工作", "生活", "灵感", "健身", "旅行", "学习", "电影"];
const MIDS = ["小说", "周报", "想法", "计划", "记录", "清单", "复盘", "摘抄", "问题", "收藏"];
const PATHS = TOPS.flatMap((t) => [t, ...MIDS.map((m) => `${t}/${m}`), `${t}/${MIDS[0]}/精选`]);

async function seed(client: pg.Client, userId: string, n: number) {
  for (let done = 0; done < n; done += 500) {
    const batch = Math.min(500, n - done);
    const contents = Array.from({ length: batch }, idea);
    const tags = contents.map(() => [
      ...new Set(Array.from({ length: Math.floor(rand() * 5) }, () => pick(PATHS))),
    ]);
    const vectors = await Promise.all(
      contents.map((c, i) => ideaVector({ title: "", content: c, originalContent: c, tags: tags[i]! })),
    );
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, tags, search, created_at)
       SELECT $1, c, c, ARRAY(SELECT jsonb_array_elements_text(t)), v::tsvector, now() - (n * interval '1 minute')
       FROM unnest($2::text[], $3::jsonb[], $4::text[]) WITH ORDINALITY AS x(c, t, v, n)`,
      [userId, contents, tags.map((t) => JSON.stringify(t)), vectors],
    );
  }
}

export async function tagsBench() {
  const { dataDir, server, client, users } = await benchServerWithAccounts("tags", 21);
  const [me, ...others] = users;
  await seed(client, me!.id, ITEMS);
  for (const o of others) await seed(client, o.id, 500);
  await client.query("ANALYZE ideas");
  await client.query("ANALYZE notes");

  const get = (url: string) =>
    fetch(BASE + url, { headers: { authorization: `Bearer ${me!.token}` } }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const post = (url: string, body: unknown) =>
    fetch(BASE + url, {
      method: "POST",
      headers: { authorization: `Bearer ${me!.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(async (r) => {
      await r.arrayBuffer();
      return r.status;
    });
  const listed = await json("GET", "/api/tags", me!.token);
  const tags = listed.body.data.tags as { name: string; count: number }[];
  console.log(
    `Data: one account with ${ITEMS} ideas, ${tags.length} tag paths listed; 20 accounts × 500 more`,
  );
  const rows: [string, () => Promise<number>][] = [
    ["GET /api/tags (counts with hierarchy)", () => get("/api/tags")],
    ["GET /api/feed?tag=读书 (a parent, 20 items)", () => get(`/api/feed?tag=${encodeURIComponent("读书")}`)],
    [
      "GET /api/feed?tag=读书/小说/精选 (a rare child)",
      () => get(`/api/feed?tag=${encodeURIComponent("读书/小说/精选")}`),
    ],
    [
      "POST /api/tags/rename dryRun (读书 → 阅读)",
      () => post("/api/tags/rename", { from: "读书", to: "阅读", dryRun: true }),
    ],
  ];
  for (const [what, one] of rows) {
    const r = await load(1, 5, one);
    console.log(
      `| ${what}, sequential, 5 s | ${r.n} requests, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, ${r.errors} errors |`,
    );
  }
  const t = performance.now();
  const renamed = await json("POST", "/api/tags/rename", me!.token, { from: "读书", to: "阅读" });
  console.log(
    `| POST /api/tags/rename 读书 → 阅读 (${renamed.body.data.changed} items, one transaction) | ${ms(performance.now() - t)} |`,
  );
  if (process.env.BENCH_EXPLAIN) {
    for (const sql of [
      `SELECT path, count FROM tag_counts WHERE user_id = '${me!.id}' AND count > 0 ORDER BY count DESC, path LIMIT 1000`,
      `SELECT id FROM ideas WHERE user_id = '${me!.id}' AND tag_paths @> ARRAY['阅读/小说/精选'] ORDER BY created_at DESC, id DESC LIMIT 21`,
    ]) {
      const { rows: plan } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
      console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
    }
  }
  await client.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

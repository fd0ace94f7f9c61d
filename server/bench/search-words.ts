/**
 * `npm run bench -- server search-words` — what pinyin and 繁简 (issue 17 §5) cost: loading the
 * two libraries, the CPU of one idea's search words with and without them, and the background
 * rebuild of an account's words made before them (BENCH_REINDEX_ITEMS ideas, migration 020),
 * with the search page's latency while it runs and after. Starts the real server (the bundle,
 * embedded PostgreSQL) in a fresh DATA_DIR.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadPinyin } from "../src/search/pinyin-words.ts";
import { ideaVector, toTsvectorLiteral } from "../src/search/words.ts";
import {
  BASE,
  cpuMs,
  findSocketDir,
  idea,
  json,
  load,
  ms,
  pick,
  postgresPids,
  startServer,
  stopServer,
} from "./lib.ts";

const ITEMS = Number(process.env.BENCH_REINDEX_ITEMS ?? 10_000);
const TITLES = ["咖啡拉花练习", "时间管理方法", "周末读书计划", "", "", ""];
const TAGS = [["读书"], ["时间管理", "工作/周报"], ["flomo/导入"], []];

const sample = Array.from({ length: 2_000 }, () => {
  const c = idea();
  return { title: pick(TITLES), content: c, originalContent: c, tags: pick(TAGS) };
});
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Best of 8 rounds over the sample, in µs per idea. */
async function perIdea(fn: (i: (typeof sample)[number]) => unknown) {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 8; round++) {
    const t = cpu();
    for (const i of sample) await fn(i);
    best = Math.min(best, cpu() - t);
  }
  return `${((best * 1000) / sample.length).toFixed(0)} µs`;
}

async function costs() {
  const rss = process.memoryUsage().rss;
  let t = performance.now();
  await loadPinyin();
  const pinyinMs = performance.now() - t;
  const pinyinMb = (process.memoryUsage().rss - rss) / 1e6;
  t = performance.now();
  toTsvectorLiteral([{ text: "時間", weight: "A" }]);
  const openccMs = performance.now() - t;
  const openccMb = (process.memoryUsage().rss - rss) / 1e6 - pinyinMb;
  console.log(
    `| load pinyin-pro | ${ms(pinyinMs)}, RSS +${pinyinMb.toFixed(1)} MB |\n| build the 繁简 tables (opencc-js) | ${ms(openccMs)}, RSS +${openccMb.toFixed(1)} MB |`,
  );
  const segmenter = new Intl.Segmenter("zh", { granularity: "word" });
  const segmentOnly = (text: string) =>
    [...segmenter.segment(text.normalize("NFKC").toLowerCase())].filter((s) => s.isWordLike).length;
  console.log(
    `| an idea's words, CPU (best of 8 × 2,000; half of them titled, most tagged) | segmenting its fields alone (the words before issue 17, about) ${await perIdea(
      (i) => segmentOnly(i.title) + segmentOnly(i.tags.join(" ")) + segmentOnly(i.content),
    )}; with 繁简 ${await perIdea((i) =>
      toTsvectorLiteral([
        { text: i.title, weight: "A" },
        { text: i.tags.join(" "), weight: "A" },
        { text: i.content, weight: "B" },
      ]),
    )}; with 繁简 and pinyin (ideaVector) ${await perIdea(ideaVector)} |`,
  );
}

async function seed(client: pg.Client, userId: string) {
  for (let done = 0; done < ITEMS; done += 1000) {
    const rows = sample.slice(0, Math.min(1000, ITEMS - done)).map(() => {
      const c = idea();
      return { title: pick(TITLES), content: c, tags: pick(TAGS) };
    });
    // words as an older version made them: no pinyin; marked outdated as migration 020 marks them
    const old = rows.map((r) =>
      toTsvectorLiteral([
        { text: r.title, weight: "A" },
        { text: r.tags.join(" "), weight: "A" },
        { text: r.content, weight: "B" },
      ]),
    );
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, title, tags, search, search_version)
       SELECT $1, c, c, t, ARRAY(SELECT jsonb_array_elements_text(g)), v::tsvector, 0
       FROM unnest($2::text[], $3::text[], $4::jsonb[], $5::text[]) AS x(c, t, g, v)`,
      [
        userId,
        rows.map((r) => r.content),
        rows.map((r) => r.title),
        rows.map((r) => JSON.stringify(r.tags)),
        old,
      ],
    );
  }
}

export async function searchWordsBench() {
  console.log("| what | figure |\n|---|---|");
  await costs();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-words-"));
  await chmod(dataDir, 0o755);
  let server = await startServer(dataDir);
  const r = await json("POST", "/api/auth/register", undefined, {
    account: "words@example.cn",
    password: "bench-password",
    agreeTerms: true,
  });
  const token = r.body.data.token as string;
  const socketDir = await findSocketDir(dataDir);
  const connect = async () => {
    const c = new pg.Client({ host: socketDir, port: 5432, user: "postgres", database: "postgres" });
    await c.connect();
    return c;
  };
  let client = await connect();
  await seed(client, (r.body.data.user as { id: string }).id);
  await client.end();
  // a restart, as after an upgrade: the rebuild begins 3 s after start-up
  await stopServer(server.proc);
  server = await startServer(dataDir);
  const started = performance.now();
  client = await connect();
  const pids = async () => [[server.proc.pid!], await postgresPids(dataDir)];
  const before = await Promise.all((await pids()).map(cpuMs));
  const search = (q: string) => () =>
    fetch(`${BASE}/api/search?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  const outdated = async () =>
    Number((await client.query("SELECT count(*) AS n FROM ideas WHERE search_version < 1")).rows[0].n);
  const during: number[] = [];
  let left = await outdated();
  while (left > 0) {
    const round = await load(1, 1, search("时间管理"));
    if (round.n) during.push(round.p95);
    left = await outdated();
  }
  const took = performance.now() - started;
  const after = await Promise.all((await pids()).map(cpuMs));
  const [node, postgres] = after.map((group, i) => {
    let used = 0;
    for (const [pid, t] of group) used += t - (before[i]!.get(pid) ?? 0);
    return (used / 1000).toFixed(1);
  });
  const quiet = await load(1, 5, search("时间管理"));
  const found = await json("GET", `/api/search?q=sjgl`, token);
  console.log(
    `| rebuild of ${ITEMS} outdated ideas after a restart (from start-up, 3 s wait included) | ${(took / 1000).toFixed(1)} s; CPU node ${node} s (worker thread included, and 1 search a time), PostgreSQL ${postgres} s |`,
  );
  console.log(
    `| GET /api/search?q=时间管理 meanwhile | worst 1-s p95 ${ms(Math.max(...during))}; afterwards p50 ${ms(quiet.p50)}, p95 ${ms(quiet.p95)} |`,
  );
  console.log(
    `| sjgl finds after the rebuild | ${(found.body.data.items as unknown[]).length} items (a page) |`,
  );
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)}`);
  await client.end();
  await stopServer(server.proc);
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * `npm run bench -- server import` — 导入数据 (issue 16): a 10,000-idea 拾念 export, a
 * 10,000-memo flomo export and 10,000 Markdown files, each uploaded, previewed and imported into a
 * new account of the real server (the bundle, embedded PostgreSQL, fresh DATA_DIR): the time from
 * upload to done, and the server's peak RSS growth meanwhile (targets for the 拾念 and flomo
 * imports: ≤ 10 s, ≤ 64 MB).
 * BENCH_IMPORT_ITEMS scales it. BENCH_IMPORT_IMAGES=N puts a distinct ~800 × 600 JPEG on each of the
 * first N ideas of the 拾念 export and memos of the flomo export (each image then goes through the
 * upload's checks, re-encoding and thumbnail in the import's thread).
 */
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import pg from "pg";
import { SEARCH_WORDS_VERSION } from "../src/search/reindex.store.ts";
import { ideaVector } from "../src/search/words.ts";
import { attachBenchPhotos, benchPhoto } from "./images.ts";
import {
  BASE,
  cpuMs,
  cpuWithEndedChildrenMs,
  findSocketDir,
  idea,
  json,
  mb,
  postgresPids,
  rssKb,
  startServer,
  stopServer,
} from "./lib.ts";

const ITEMS = Number(process.env.BENCH_IMPORT_ITEMS ?? 10_000);
const IMAGES = Number(process.env.BENCH_IMPORT_IMAGES ?? 0);
/** BENCH_IMPORT_KINDS=shinian,flomo runs only those. */
const KINDS = process.env.BENCH_IMPORT_KINDS?.split(",");
/**
 * BENCH_IMPORT_REPEAT=2 imports each kind again in the same server (into another new account): a
 * server that has run an import before keeps some of what its first import's thread took.
 */
const REPEAT = Number(process.env.BENCH_IMPORT_REPEAT ?? 1);
/**
 * BENCH_IMPORT_COLD=1: the import is the first thing the server does. By default the importing
 * account first saves BENCH_IMPORT_WARMUP ideas (50) and runs as many searches, as on any server in
 * use: that loads what every save and search loads once per process (ICU's segmenter, pinyin-pro,
 * opencc-js's tables, ~20–35 MB, measured apart in docs/benchmarks.md), which the import's search
 * words then use too, and brings the collections that move those tables out of V8's young
 * generation. After one save only (what this did before), the import's first scavenges moved them,
 * and ~8 MB of its growth was the main heap taking in tables loaded before it (docs/benchmarks.md).
 */
const COLD = process.env.BENCH_IMPORT_COLD === "1";
const WARMUP = COLD ? 0 : Number(process.env.BENCH_IMPORT_WARMUP ?? 50);
/** BENCH_IMPORT_PROBE=1 preloads memory-probe.mjs into the server; =gc also forces a GC per sample. */
const PROBE = process.env.BENCH_IMPORT_PROBE;
const MEMORY_FILE = path.join(os.tmpdir(), `shinian-bench-import-memory-${process.pid}.jsonl`);
const pad = (n: number) => String(n).padStart(2, "0");

/** flomo's 导出所有数据 page: div.memo > div.time (Beijing time) + div.content (HTML). */
async function flomoZip(n: number): Promise<Uint8Array> {
  const memos: string[] = [];
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2023, 0, 1) + i * 3_600_000);
    const time = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:00:00`;
    const src = i < IMAGES ? `file/${time.slice(0, 10)}/${i}.jpg` : null;
    if (src) files[`flomo/${src}`] = [await benchPhoto(i), { level: 0 }];
    memos.push(
      `<div class="memo"><div class="time">${time}</div><div class="content"><p>${idea()} #flomo/导入</p><ul><li>${idea()}</li></ul></div><div class="files">${src ? `<img src="${src}">` : ""}</div></div>`,
    );
  }
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>flomo</title></head><body><div class="memos">${memos.join("\n")}</div></body></html>`;
  return zipSync({ "flomo/index.html": strToU8(html), ...files });
}

function markdownZip(n: number): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < n; i++) {
    files[`notes/${i}.md`] = strToU8(
      `---\ntitle: 笔记 ${i}\ntags: [导入]\ncreated: 2024-01-01\n---\n${idea()}\n\n${idea()} #测试`,
    );
  }
  return zipSync(files);
}

async function register(name: string) {
  const r = await json("POST", "/api/auth/register", undefined, {
    account: `bench-import-${name}@example.cn`,
    password: "bench-password",
    agreeTerms: true,
  });
  if (!r.body.data) throw new Error(`register answered ${r.status} ${JSON.stringify(r.body)}`);
  return { token: r.body.data.token as string, id: (r.body.data.user as { id: string }).id };
}

/** A real 拾念 export of an account of ITEMS ideas (seeded with SQL), as the export endpoint writes it. */
async function shinianExport(socketDir: string): Promise<Uint8Array> {
  const source = await register("source");
  const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await client.connect();
  for (let done = 0; done < ITEMS; done += 1000) {
    const contents = Array.from({ length: Math.min(1000, ITEMS - done) }, idea);
    const vectors = await Promise.all(
      contents.map((c) => ideaVector({ title: "", content: c, originalContent: c, tags: ["导入"] })),
    );
    // marked as made by this version: else every server the bench starts later rebuilds these
    // 10,000 rows in the background (search/reindex.ts) during the imports it measures
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, tags, search, search_version, created_at)
       SELECT $1, c, c, '{导入}', v::tsvector, ${SEARCH_WORDS_VERSION}, now() - (n * interval '1 hour')
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(c, v, n)`,
      [source.id, contents, vectors],
    );
  }
  await client.end();
  if (IMAGES) await attachBenchPhotos(socketDir, source.id, IMAGES);
  const res = await fetch(`${BASE}/api/export`, {
    method: "POST",
    headers: { authorization: `Bearer ${source.token}`, "content-type": "application/json" },
    body: "{}",
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The probe's samples (memory-probe.mjs) from `from` on, and each field's growth at its peak. */
async function probeGrowth(from: number) {
  const lines = (await readFile(MEMORY_FILE, "utf8").catch(() => "")).split("\n").filter(Boolean);
  const samples = lines.map((l) => JSON.parse(l) as Record<string, number>).filter((m) => m.t! >= from - 100);
  const first = samples[0];
  if (!first) return "";
  const fields = [
    "heapUsed",
    "heapTotal",
    "newSpace",
    "external",
    "arrayBuffers",
    "workerHeap",
    "workerUsed",
  ] as const;
  const peak = (f: string) => Math.max(...samples.map((m) => m[f]!));
  return fields.map((f) => `${f} ${mb(first[f]! / 1024)} → peak ${mb(peak(f) / 1024)}`).join(", ");
}

async function importOnce(
  server: { pid: number; dataDir: string },
  kind: string,
  bytes: Uint8Array,
  line: (s: string) => void,
  round: number,
) {
  const user = await register(round === 1 ? kind : `${kind}-${round}`);
  for (let i = 0; round === 1 && i < WARMUP; i++) {
    const saved = await json("POST", "/api/ideas", user.token, {
      content: `導入之前先記的第${i}條想法 #准备`,
    });
    if (saved.status !== 201) throw new Error(`saving an idea answered ${saved.status}`);
    const found = await json(
      "GET",
      `/api/search?q=${encodeURIComponent(i % 2 ? "想法" : "xiangfa")}`,
      user.token,
    );
    if (found.status !== 200) throw new Error(`searching answered ${found.status}`);
  }
  await new Promise((r) => setTimeout(r, 500));
  const before = await rssKb(server.pid);
  const load = os.loadavg()[0]!.toFixed(1);
  let peak = before;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      peak = Math.max(peak, await rssKb(server.pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const groups = async () => [[server.pid], await postgresPids(server.dataDir)];
  // PostgreSQL's with what its ended backends used: the import's connections end with its thread
  const cpuOf = (group: number[], i: number) => (i === 1 ? cpuWithEndedChildrenMs : cpuMs)(group);
  const cpuBefore = await Promise.all((await groups()).map(cpuOf));
  const wallStart = Date.now();
  const started = performance.now();
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], `${kind}.zip`));
  const auth = { authorization: `Bearer ${user.token}` };
  const created = await fetch(`${BASE}/api/import`, { method: "POST", headers: auth, body: form });
  const body = (await created.json()) as { data: { jobId: string; kind: string } };
  if (created.status !== 201)
    throw new Error(`${kind}: upload answered ${created.status} ${JSON.stringify(body)}`);
  const previewMs = performance.now() - started;
  await json("POST", `/api/import/${body.data.jobId}/start`, user.token, {});
  let status: Record<string, unknown> = {};
  do {
    await new Promise((r) => setTimeout(r, 50));
    status = (await json("GET", `/api/import/${body.data.jobId}`, user.token)).body.data;
  } while (status.status === "running");
  const totalMs = performance.now() - started;
  polling = false;
  await poller;
  const cpuAfter = await Promise.all((await groups()).map(cpuOf));
  const [node, postgres] = cpuAfter.map((group, i) => {
    let used = 0;
    for (const [pid, ms] of group) used += ms - (cpuBefore[i]!.get(pid) ?? 0);
    return (used / 1000).toFixed(1);
  });
  line(
    `| ${kind}${round > 1 ? `, again (import ${round} in this server)` : ""} (${(bytes.length / 1024 / 1024).toFixed(1)} MB zip, detected ${body.data.kind}) | ${(previewMs / 1000).toFixed(1)} s | ${(totalMs / 1000).toFixed(1)} s | ${mb(peak - before)} (${mb(before)} → ${mb(peak)}) | ${node} / ${postgres} s | ${load} | ${status.status}, ${JSON.stringify(status.imported)} |`,
  );
  const probe = await probeGrowth(wallStart);
  if (probe)
    line(
      `|  ↳ ${kind}, the server's own view (memory-probe.mjs${PROBE === "gc" ? ", a full GC before each sample: heapUsed is what is alive" : ""}): ${probe} | | | | | | |`,
    );
}

export async function importBench() {
  const out: string[] = [];
  const line = (s = "") => {
    out.push(s);
    console.log(s);
  };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-import-"));
  await chmod(dataDir, 0o755);
  if (PROBE) {
    const flags = `--import ./server/bench/memory-probe.mjs${PROBE === "gc" ? " --expose-gc" : ""}`;
    process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ""} ${flags}`;
  }
  const start = () =>
    startServer(dataDir, {
      RATE_UPLOADS: "0",
      QUOTA_ITEMS: "0",
      EXPORT_COOLDOWN: "0",
      ...(PROBE ? { BENCH_MEMORY_FILE: MEMORY_FILE } : {}),
    });
  let server = await start();
  try {
    line(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; ${ITEMS} items each${IMAGES ? `, ${IMAGES} of them with an image` : ""}; ${COLD ? "the import is the first thing each server does (BENCH_IMPORT_COLD=1)" : `each importing account first saves ${WARMUP} ideas and runs ${WARMUP} searches`}`,
    );
    line(
      "| import | upload + preview | to done | peak RSS growth (before → peak) | CPU node / PostgreSQL | load average | result |",
    );
    line("|---|---|---|---|---|---|---|");
    const inputs: [string, () => Promise<Uint8Array>][] = [
      ["shinian", async () => shinianExport(await findSocketDir(dataDir))],
      ["flomo", () => flomoZip(ITEMS)],
      ["markdown", async () => markdownZip(ITEMS)],
    ];
    for (const [kind, make] of inputs) {
      if (KINDS && !KINDS.includes(kind)) continue;
      const bytes = await make();
      // each import in a server just started (on the same DATA_DIR): its growth is the import's
      // own, not on top of a heap the export or the import before it had already grown
      await stopServer(server.proc);
      server = await start();
      for (let round = 1; round <= REPEAT; round++) {
        await importOnce({ pid: server.proc.pid!, dataDir }, kind, bytes, line, round);
      }
    }
  } finally {
    await stopServer(server.proc);
    await rm(dataDir, { recursive: true, force: true });
    await rm(MEMORY_FILE, { force: true });
  }
  return out;
}

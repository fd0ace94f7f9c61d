/**
 * `npm run bench:server -- import` — 导入数据 (issue 16): a 10,000-idea 拾念 export, a
 * 10,000-memo flomo export and 10,000 Markdown files, each uploaded, previewed and imported into a
 * new account of the real server (the bundle, embedded PostgreSQL, fresh DATA_DIR): the time from
 * upload to done, and the server's peak RSS growth meanwhile (targets ≤ 10 s, ≤ 64 MB). A kind
 * whose importer is not registered yet (services/import/importers.ts) is skipped with a line.
 * BENCH_IMPORT_ITEMS scales it.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import pg from "pg";
import { importers } from "../src/services/import/importers.ts";
import { ideaVector } from "../src/services/text-index.ts";
import { BASE, findSocketDir, idea, json, mb, rssKb, startServer, stopServer } from "./lib.ts";

const ITEMS = Number(process.env.BENCH_IMPORT_ITEMS ?? 10_000);
const pad = (n: number) => String(n).padStart(2, "0");

/** flomo's 导出所有数据 page: div.memo > div.time (Beijing time) + div.content (HTML). */
function flomoZip(n: number): Uint8Array {
  const memos: string[] = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(Date.UTC(2023, 0, 1) + i * 3_600_000);
    const time = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ${pad(at.getUTCHours())}:00:00`;
    memos.push(
      `<div class="memo"><div class="time">${time}</div><div class="content"><p>${idea()} #flomo/导入</p><ul><li>${idea()}</li></ul></div><div class="files"></div></div>`,
    );
  }
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>flomo</title></head><body><div class="memos">${memos.join("\n")}</div></body></html>`;
  return zipSync({ "flomo/index.html": strToU8(html) });
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
  return { token: r.body.data.token as string, id: (r.body.data.user as { id: string }).id };
}

/** A real 拾念 export of an account of ITEMS ideas (seeded with SQL), as the export endpoint writes it. */
async function shinianExport(socketDir: string): Promise<Uint8Array> {
  const source = await register("source");
  const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
  await client.connect();
  for (let done = 0; done < ITEMS; done += 1000) {
    const contents = Array.from({ length: Math.min(1000, ITEMS - done) }, idea);
    const vectors = contents.map((c) =>
      ideaVector({ title: "", content: c, originalContent: c, tags: ["导入"] }),
    );
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, tags, search, created_at)
       SELECT $1, c, c, '{导入}', v::tsvector, now() - (n * interval '1 hour')
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS x(c, v, n)`,
      [source.id, contents, vectors],
    );
  }
  await client.end();
  const res = await fetch(`${BASE}/api/export`, {
    method: "POST",
    headers: { authorization: `Bearer ${source.token}`, "content-type": "application/json" },
    body: "{}",
  });
  if (res.status !== 200) throw new Error(`export answered ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function importOnce(pid: number, kind: string, bytes: Uint8Array, line: (s: string) => void) {
  const user = await register(kind);
  await new Promise((r) => setTimeout(r, 500));
  const before = await rssKb(pid);
  let peak = before;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      peak = Math.max(peak, await rssKb(pid));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
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
  line(
    `| ${kind} (${(bytes.length / 1024 / 1024).toFixed(1)} MB zip, detected ${body.data.kind}) | ${(previewMs / 1000).toFixed(1)} s | ${(totalMs / 1000).toFixed(1)} s | ${mb(peak - before)} | ${status.status}, ${JSON.stringify(status.imported)} |`,
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
  const server = await startServer(dataDir, { RATE_UPLOADS: "0", QUOTA_ITEMS: "0", EXPORT_COOLDOWN: "0" });
  try {
    const socketDir = await findSocketDir(dataDir);
    line(
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}; ${ITEMS} items each`,
    );
    line("| import | upload + preview | to done | peak RSS growth | result |");
    line("|---|---|---|---|---|");
    const registered = new Set(importers.map((m) => m.kind));
    const inputs: [string, () => Promise<Uint8Array>][] = [
      ["shinian", () => shinianExport(socketDir)],
      ["flomo", async () => flomoZip(ITEMS)],
      ["markdown", async () => markdownZip(ITEMS)],
    ];
    for (const [kind, make] of inputs) {
      if (!registered.has(kind as never)) {
        line(`| ${kind} | skipped: no ${kind} importer registered yet | | | |`);
        continue;
      }
      await importOnce(server.proc.pid!, kind, await make(), line);
    }
  } finally {
    await stopServer(server.proc);
    await rm(dataDir, { recursive: true, force: true });
  }
  return out;
}

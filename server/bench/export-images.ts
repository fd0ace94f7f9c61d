/**
 * `npm run bench -- server export-images` — issue 18's benchmark: the export of an account with
 * BENCH_EXPORT_IMAGES (1,000) images, each a distinct ~800 × 600 photo-like JPEG on an idea of its
 * own, from the real server (the bundle, embedded PostgreSQL, fresh DATA_DIR): the time to the
 * zip's last byte and the server's peak RSS growth meanwhile (sampled every 20 ms), read as the
 * client reads it, so the figure shows whether the zip is streamed.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { attachBenchPhotos } from "./images.ts";
import { BASE, findSocketDir, idea, json, mb, rssKb, startServer, stopServer } from "./lib.ts";

const IMAGES = Number(process.env.BENCH_EXPORT_IMAGES ?? 1_000);

export async function exportImagesBench() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-export-images-"));
  await chmod(dataDir, 0o755);
  let server = await startServer(dataDir, { RATE_UPLOADS: "0", EXPORT_COOLDOWN: "0" });
  try {
    const r = await json("POST", "/api/auth/register", undefined, {
      account: "bench-export-images@example.cn",
      password: "bench-password",
      agreeTerms: true,
    });
    const token = r.body.data.token as string;
    const userId = (r.body.data.user as { id: string }).id;
    const socketDir = await findSocketDir(dataDir);
    const client = new pg.Client({ host: socketDir, user: "postgres", database: "postgres" });
    await client.connect();
    await client.query(
      `INSERT INTO ideas (user_id, original_content, content, created_at)
       SELECT $1, c, c, now() - n * interval '1 hour' FROM unnest($2::text[]) WITH ORDINALITY AS x (c, n)`,
      [userId, Array.from({ length: IMAGES }, idea)],
    );
    await client.end();
    const stored = await attachBenchPhotos(socketDir, userId, IMAGES);
    // a server just started: the growth is the export's own, not the seeding's
    await stopServer(server.proc);
    server = await startServer(dataDir, { RATE_UPLOADS: "0", EXPORT_COOLDOWN: "0" });
    const pid = server.proc.pid!;
    await new Promise((r) => setTimeout(r, 500));
    const before = await rssKb(pid);
    let peak = before;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, await rssKb(pid).catch(() => 0));
    }, 20);
    const started = performance.now();
    const res = await fetch(`${BASE}/api/export`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    if (res.status !== 200) throw new Error(`export answered ${res.status}`);
    let size = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (size === 0) firstByteMs = performance.now() - started;
      size += chunk.length;
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
    console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(2)}`);
    console.log(
      `| export of an account with ${IMAGES} images (${(stored / 1024 / 1024).toFixed(0)} MB of JPEG; zip ${(size / 1024 / 1024).toFixed(0)} MB) | first byte ${(firstByteMs / 1000).toFixed(2)} s, done ${(totalMs / 1000).toFixed(1)} s | RSS ${mb(before)} → peak ${mb(peak)} (growth ${mb(peak - before)}) |`,
    );
  } finally {
    await stopServer(server.proc);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * npm run bench -- attachments — figures for docs/benchmarks.md (not a test). Starts the real server
 * (the bundle, embedded PostgreSQL) in a fresh DATA_DIR, makes a ~5 MB JPEG with sharp, uploads it
 * BENCH_UPLOADS times one after another to POST /api/attachments (type check, EXIF stripped,
 * re-encoded, WebP thumbnail, stored in PostgreSQL), and prints each upload's time and the server
 * process's RSS before, at its peak (sampled every 20 ms) and after. BENCH_HEIC=1 uploads the
 * 12-megapixel HEIC of server/test/fixtures instead (decoded in a worker thread, stored as JPEG).
 */
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { BASE, json, mb, ms, pct, rssKb, startServer, stopServer } from "./lib.ts";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const HEIC = process.env.BENCH_HEIC === "1";

/** A photo-like JPEG of about 5 MB: smooth gradients under fine noise, as a camera's sensor gives. */
async function fiveMbJpeg(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const noise = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const px = Math.floor(i / 3);
    noise[i] = ((px % width) / width) * 160 + (Math.floor(px / width) / height) * 60 + (seed % 70) - 35;
  }
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function main() {
  const photo = HEIC
    ? await readFile(new URL("../test/fixtures/photo-12mp.heic", import.meta.url))
    : await fiveMbJpeg();
  const [fileName, fileType, label] = HEIC
    ? ["IMG_0001.HEIC", "image/heic", "12-megapixel HEIC (4032 × 3024)"]
    : ["IMG_0001.JPG", "image/jpeg", "5 MB JPEG (4000 × 3000)"];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "shinian-bench-attachments-"));
  await chmod(dataDir, 0o755);
  const server = await startServer(dataDir, { RATE_UPLOADS: "0" });
  const pid = server.proc.pid!;
  try {
    const r = await json("POST", "/api/auth/register", undefined, {
      account: "bench-images@example.cn",
      password: "bench-password",
      agreeTerms: true,
    });
    const token = r.body.data.token as string;
    const before = await rssKb(pid);
    let peak = before;
    const sampler = setInterval(async () => {
      peak = Math.max(peak, await rssKb(pid).catch(() => 0));
    }, 20);
    const times: number[] = [];
    const afterEach: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const form = new FormData();
      form.set("file", new File([new Uint8Array(photo)], fileName, { type: fileType }));
      const started = performance.now();
      const res = await fetch(`${BASE}/api/attachments`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
      times.push(performance.now() - started);
      afterEach.push(await rssKb(pid));
    }
    clearInterval(sampler);
    const after = await rssKb(pid);
    console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version}`);
    console.log(
      `load average (1/5/15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `| ${label}, ${(photo.length / 1024 / 1024).toFixed(2)} MiB, upload + thumbnail, ${UPLOADS} in a row | p50 ${ms(pct(times, 50))}, max ${ms(Math.max(...times))} |`,
    );
    console.log(
      `| server RSS before / peak / after | ${mb(before)} / ${mb(peak)} / ${mb(after)} (peak growth ${mb(peak - before)}) |`,
    );
    console.log(`RSS after each upload (MB): ${afterEach.map((kb) => Math.round(kb / 1024)).join(", ")}`);
    if (HEIC) {
      // the HEIC thread ends after 10 s idle, and its WebAssembly heap with it
      await new Promise((r) => setTimeout(r, 12_000));
      console.log(`| server RSS 12 s after the last upload | ${mb(await rssKb(pid))} |`);
    }
  } finally {
    await stopServer(server.proc);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

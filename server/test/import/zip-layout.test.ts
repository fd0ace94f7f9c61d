// A zip's central directory says where its entries lie and how large they are; a crafted one lies
// (issue 30 §2). Each zip here is written byte by byte, so that it can lie exactly as described.
import { crc32 } from "node:zlib";
import { strToU8, type Zippable, zipSync } from "fflate";
import sharp from "sharp";
import { expect, it } from "vitest";
import { createPool } from "../../src/db/pool.ts";
import { openUpload } from "../../src/import/stored-upload.ts";
import { createLogger } from "../../src/logger.ts";
import { onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { rowCountingProxy } from "../row-counting-proxy.ts";
import { flomoPage } from "./flomo-fixture.ts";
import { imported, jobsOf, previewed, settled, upload } from "./helpers.ts";

type Entry = {
  name: string;
  data: Buffer;
  /** what the central directory says instead of the truth */
  centralName?: string;
  compressedSize?: number;
  /** marked deflated (its data is never inflated here): its sizes then may differ */
  deflated?: boolean;
  /** directory records that repeat this one, pointing at the same local header */
  repeats?: number;
  /** where the directory says its local header is, instead of where it is */
  headerAt?: number;
};

/** A zip of stored (uncompressed) entries: local headers and data, central directory, end record. */
function craftedZip(entries: Entry[]): Uint8Array<ArrayBuffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let at = 0;
  let records = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // UTF-8 names
    local.writeUInt16LE(e.deflated ? 8 : 0, 8);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, e.data);
    const centralName = Buffer.from(e.centralName ?? e.name);
    for (let n = 0; n <= (e.repeats ?? 0); n++) {
      const central = Buffer.alloc(46);
      central.writeUInt32LE(0x02014b50, 0);
      central.writeUInt16LE(20, 4);
      central.writeUInt16LE(20, 6);
      central.writeUInt16LE(0x800, 8);
      central.writeUInt16LE(e.deflated ? 8 : 0, 10);
      central.writeUInt32LE(crc32(e.data), 16);
      central.writeUInt32LE(e.compressedSize ?? e.data.length, 20);
      // a stored entry's two sizes are alike (yauzl checks), a deflated one's need not be
      central.writeUInt32LE(e.deflated ? e.data.length : (e.compressedSize ?? e.data.length), 24);
      central.writeUInt16LE(centralName.length, 28);
      central.writeUInt32LE(e.headerAt ?? at, 42);
      centrals.push(central, centralName);
      records++;
    }
    at += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(records, 8);
  end.writeUInt16LE(records, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(at, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

async function refused(ctx: TestCtx, user: TestUser, zip: Uint8Array<ArrayBuffer>) {
  const res = await upload(ctx, user, [{ name: "导出.zip", bytes: zip }]);
  expect(await jobsOf(ctx, user)).toEqual([]); // nothing kept, not even the upload
  return res;
}

/** A PNG of noise, which neither PNG nor the zip can compress: about 3 × side² bytes. */
function noisePng(side: number, seed0: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0, seed = seed0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

const FOLDER = "flomo@小明-20240301";

/** `count` memos in a flomo page, the n-th naming `image(n)` (if any). */
const memosNaming = (count: number, image: (n: number) => string) =>
  Array.from({ length: count }, (_, n) => ({
    time: `2024-01-03 ${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}:00`,
    content: `<p>第${n}条</p>`,
    images: [image(n)],
  }));

const IMAGES = 200;

/**
 * A flomo export of IMAGES memos, each naming its own ~4 kB image, the images shuffled in the zip:
 * an honest export whose images are read out of the zip's order.
 */
async function shuffledImages(): Promise<Uint8Array<ArrayBuffer>> {
  const order = Array.from({ length: IMAGES }, (_, n) => n);
  for (let i = IMAGES - 1, seed = 3; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const files: Zippable = {};
  for (const n of order) {
    files[`${FOLDER}/file/${n}.png`] = [new Uint8Array(await noisePng(36, n + 1)), { level: 0 }];
  }
  files[`${FOLDER}/index.html`] = strToU8(flomoPage(memosNaming(IMAGES, (n) => `file/${n}.png`)));
  return new Uint8Array(zipSync(files));
}

const note = (text: string) => Buffer.from(`# 笔记\n\n${text}\n`);

onOneDatabase(
  (ctx) => {
    it("the hand-made zip is a zip: told the truth, its notes are previewed", async () => {
      const user = await registerUser(ctx);
      const zip = craftedZip([
        { name: "一.md", data: note("第一条") },
        { name: "二.md", data: note("第二条") },
      ]);
      expect((await previewed(ctx, user, [{ name: "导出.zip", bytes: zip }])).preview.notes).toBe(2);
    });

    it("refuses an entry whose data runs past the file: 127 bytes claiming 4 GB are refused at once", async () => {
      const user = await registerUser(ctx);
      const zip = craftedZip([
        { name: "a.md", data: Buffer.from("一"), compressedSize: 0xfffffffe, deflated: true },
      ]);
      expect(zip.length).toBeLessThan(128);
      const started = performance.now();
      const res = await refused(ctx, user, zip);
      expect(performance.now() - started).toBeLessThan(8000); // was minutes (100k queries)
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        "压缩包中各文件的大小之和超过了压缩包本身（文件已损坏或被改动过），已拒绝导入",
      );

      // a claim within the file's size, still past its end
      const past = craftedZip([
        { name: "a.md", data: note("甲".repeat(200)) },
        { name: "b.md", data: Buffer.from("乙"), compressedSize: 100 },
      ]);
      const res2 = await refused(ctx, user, past);
      expect(res2.status).toBe(400);
      expect(res2.body.message).toBe("压缩包中有文件超出了压缩包的末尾（文件已损坏或被改动过），已拒绝导入");

      // a local header said to lie past the file, another entry's further still
      const beyond = craftedZip([
        { name: "a.md", data: note("甲") },
        { name: "b.md", data: note("乙"), headerAt: 50_000 },
        { name: "c.md", data: note("丙"), headerAt: 60_000 },
      ]);
      const res3 = await refused(ctx, user, beyond);
      expect(res3.status).toBe(400);
      expect(res3.body.message).toBe("压缩包中有文件超出了压缩包的末尾（文件已损坏或被改动过），已拒绝导入");
    }, 30_000);

    it("refuses directory records that share one local header: 50 of them", async () => {
      const user = await registerUser(ctx);
      const zip = craftedZip([{ name: "同一条.md", data: note("重"), repeats: 49 }]);
      const res = await refused(ctx, user, zip);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("压缩包中有相互重叠的文件（文件已损坏或被改动过），已拒绝导入");
    });

    it("refuses an entry whose local header names another file than the directory does", async () => {
      const user = await registerUser(ctx);
      const zip = craftedZip([
        { name: "一.md", data: note("第一条") },
        { name: "../../etc/passwd", centralName: "二.md", data: note("第二条") },
      ]);
      const res = await refused(ctx, user, zip);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("压缩包中有文件的名称前后不一致（文件已损坏或被改动过），已拒绝导入");
    });

    it("a job that reads far more than its upload (one image named by 12 memos) stops with its reason", async () => {
      const user = await registerUser(ctx);
      // ~700 kB (more than the pieces a reading keeps) read again for each memo
      const png = await noisePng(480, 7);
      const zip = zipSync({
        [`${FOLDER}/index.html`]: strToU8(flomoPage(memosNaming(12, () => "file/same.png"))),
        [`${FOLDER}/file/same.png`]: [new Uint8Array(png), { level: 0 }],
      });
      const { jobId } = await previewed(ctx, user, [{ name: "flomo.zip", bytes: new Uint8Array(zip) }]);
      const start = await request(ctx, "startImport", { token: user.token, params: { id: jobId }, body: {} });
      expect(start.status).toBe(200);
      const status = await settled(ctx, user, jobId);
      expect(status.status).toBe("failed");
      expect(status.error).toBe(
        "导入失败，已撤回本次导入的内容：读取这个文件所需的数据超过了文件大小的 4 倍（文件可能被篡改），已停止导入",
      );
      const { rows } = await ctx.db.query("SELECT count(*)::int AS n FROM ideas WHERE user_id = $1", [
        user.id,
      ]);
      expect(rows[0].n).toBe(0);
    }, 20_000);

    it("an honest export whose 200 small images lie in another order than its memos name them is imported", async () => {
      const user = await registerUser(ctx);
      const { status } = await imported(ctx, user, [{ name: "flomo.zip", bytes: await shuffledImages() }]);
      expect(status.status, status.error ?? "").toBe("done");
      const { rows } = await ctx.db.query("SELECT count(*)::int AS n FROM attachments WHERE user_id = $1", [
        user.id,
      ]);
      expect(rows[0].n).toBe(IMAGES);
    }, 60_000);

    it("images opened out of their order in the zip are read from the database once, not a piece each", async () => {
      const user = await registerUser(ctx);
      const zip = await shuffledImages();
      const { jobId } = await previewed(ctx, user, [{ name: "flomo.zip", bytes: zip }]);
      const { rows } = await ctx.db.query("SELECT parts FROM import_jobs WHERE id = $1", [jobId]);
      const proxy = await rowCountingProxy(ctx.poolConfig);
      const db = createPool({ ...proxy.config, max: 2 }, createLogger("silent"));
      try {
        const opened = await openUpload(db, jobId, rows[0].parts, ctx.config.import);
        const number = (name: string) => Number(/(\d+)\.png$/.exec(name)?.[1]);
        const images = opened.source.files.filter((f) => f.name.endsWith(".png"));
        images.sort((a, b) => number(a.name) - number(b.name)); // the memos' order
        for (const image of images) for await (const _ of await image.open());
        opened.close();
        // bytea arrives as hex text, twice its size: the directory and headers once, each image
        // once: 4.4 times the zip as hex (a whole piece for each image was 25 times)
        const read = proxy.bytesPerStatement.reduce((a, b) => a + b, 0);
        expect(read).toBeLessThan(6 * zip.length);
      } finally {
        await db.end();
        await proxy.close();
      }
    }, 30_000);
  },
  { RATE_UPLOADS: "0" },
);

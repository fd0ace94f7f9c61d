// The images of an import (issue 18 §5, issue 16): flomo's file/ images and a 拾念 export's files/
// become attachments through the upload's own checks, held to the quota by name, never twice, and
// gone with a cancelled job. Request level, on a real database.
import { randomUUID } from "node:crypto";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeImage, makeWav, uploadFile } from "../attachments/helpers.ts";
import { exportZip, onOneDatabase, registerUser, request, type TestCtx } from "../helpers.ts";
import { type FlomoMemo, flomoPage } from "./flomo-fixture.ts";
import { imported, previewed, settled } from "./helpers.ts";

const FOLDER = "flomo@小明-20240301";

/** A flomo export zip of these memos, with `files` (paths from the page) as its file/ entries. */
const flomoZipOf = (memos: FlomoMemo[], files: Record<string, Uint8Array>) =>
  zipSync({
    [`${FOLDER}/index.html`]: strToU8(flomoPage(memos)),
    ...Object.fromEntries(Object.entries(files).map(([src, bytes]) => [`${FOLDER}/${src}`, bytes])),
  });
const upload = (zip: Uint8Array) => [{ name: "flomo.zip", bytes: new Uint8Array(zip) }];

/** A JPEG as a phone takes it: turned by its EXIF orientation, with where it was taken. */
const phonePhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 0/1" } })
    .toBuffer();
/** Noise, which PNG cannot compress: `side`² × 3 bytes or so. */
const noisyPng = (side: number) => {
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 11;
  for (let i = 0; i < pixels.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    pixels[i] = seed >>> 24;
  }
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
};

const filesOf = async (ctx: TestCtx, userId: string) =>
  (
    await ctx.db.query(
      "SELECT item_id, position, name, content_type, data FROM attachments WHERE user_id = $1 ORDER BY item_id, position",
      [userId],
    )
  ).rows;
const usageOf = async (ctx: TestCtx, userId: string) =>
  Number((await ctx.db.query("SELECT bytes FROM user_usage WHERE user_id = $1", [userId])).rows[0].bytes);

onOneDatabase(
  (ctx) => {
    describe("importing images", () => {
      it("attaches flomo's images to their memo's idea in order, checked as uploads (EXIF GPS stripped), refusing the rest by name", async () => {
        const u = await registerUser(ctx);
        const ten = Array.from({ length: 10 }, (_, n) => `file/2024-01-03/1/${n}.png`);
        const png = await makeImage("png");
        const zip = flomoZipOf(
          [
            {
              time: "2024-01-03 09:00:00",
              content: "<p>白板 #会议</p>",
              images: ["file/2024-01-03/1/photo.jpg", "file/2024-01-03/1/fake.png", "file/none.png"],
            },
            { time: "2024-01-03 08:00:00", content: "<p>十张</p>", images: ten },
          ],
          {
            "file/2024-01-03/1/photo.jpg": await phonePhoto(),
            "file/2024-01-03/1/fake.png": strToU8("<html><script>alert(1)</script></html>"),
            ...Object.fromEntries(ten.map((src) => [src, png])),
          },
        );
        const { status } = await imported(ctx, u, upload(zip));
        expect(status).toMatchObject({ status: "done", imported: { ideas: 2 } });
        expect(status.refused).toEqual([
          { item: "图片「fake.png」", message: "仅支持 PNG、JPEG、WebP、GIF 或 HEIC 图片，已跳过" },
          { item: "图片「none.png」", message: "导入的文件中没有这张图片，已跳过" },
          { item: `「${ten[9]}」`, message: "每条想法最多 9 张图片，已跳过" },
        ]);

        const list = await request(ctx, "listIdeas", { token: u.token });
        const [whiteboard, tenImages] = list.body.data.items as {
          id: string;
          content: string;
          attachments: { thumbnailUrl: string }[];
        }[];
        expect(whiteboard!.content).toBe("白板 #会议");
        expect(whiteboard!.attachments).toHaveLength(1);
        expect(whiteboard!.attachments[0]!.thumbnailUrl).toMatch(/\/thumb\?exp=/);
        expect(tenImages!.attachments).toHaveLength(9);
        const files = await filesOf(ctx, u.id);
        const photo = files.find((f) => f.name === "photo.jpg")!;
        const meta = await sharp(photo.data).metadata();
        // turned upright by its orientation, and nothing of its EXIF kept
        expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
          48,
          64,
          undefined,
          undefined,
        ]);
        const onTen = files.filter((f) => f.item_id === tenImages!.id);
        expect(onTen.map((f) => [f.position, f.name])).toEqual(
          ten.slice(0, 9).map((src, n) => [n + 1, src.split("/").pop()]),
        );
      });

      it("refuses by name an image past the quota, writing nothing of it, and imports what fits", async () => {
        const u = await registerUser(ctx);
        const zip = flomoZipOf(
          [
            {
              time: "2024-01-03 09:00:00",
              content: "<p>两张图</p>",
              images: ["file/a/small.png", "file/a/big.png", "file/a/small2.png"],
            },
          ],
          {
            "file/a/small.png": await makeImage("png"),
            // ~87 kB: the upload fits the 100 kB quota, the picture with its thumbnail does not
            "file/a/big.png": await noisyPng(170),
            "file/a/small2.png": await makeImage("png", { width: 8, height: 8 }),
          },
        );
        const { status } = await imported(ctx, u, upload(zip));
        expect(status).toMatchObject({ status: "done", imported: { ideas: 1 } });
        expect(status.refused).toEqual([
          {
            item: "图片「big.png」",
            message: "存储空间已用完（上限 97.7 KB，回收站里的也算在内），请先彻底删除一些内容再保存",
          },
        ]);
        const files = await filesOf(ctx, u.id);
        expect(files.map((f) => [f.name, f.position])).toEqual([
          ["small.png", 1],
          ["small2.png", 3],
        ]);
        expect(await usageOf(ctx, u.id)).toBeLessThanOrEqual(100_000);
      });

      it("makes no second copy when the same zip is imported again, and a cancelled job takes its files with it", async () => {
        const u = await registerUser(ctx);
        const zip = flomoZipOf(
          [{ time: "2024-01-03 09:00:00", content: "<p>配图</p>", images: ["file/a.png", "file/b.gif"] }],
          { "file/a.png": await makeImage("png"), "file/b.gif": await makeImage("gif") },
        );
        const usageBefore = await usageOf(ctx, u.id);
        const first = await imported(ctx, u, upload(zip));
        expect(first.status.refused).toEqual([]);
        expect(await filesOf(ctx, u.id)).toHaveLength(2);
        const again = await imported(ctx, u, upload(zip));
        expect(again.status).toMatchObject({ status: "done", skipped: 1, refused: [] });
        expect(await filesOf(ctx, u.id)).toHaveLength(2);

        const cancel = await request(ctx, "cancelImport", { token: u.token, params: { id: first.jobId } });
        expect(cancel.status).toBe(200);
        expect(await filesOf(ctx, u.id)).toEqual([]);
        expect(await usageOf(ctx, u.id)).toBe(usageBefore);
      });

      it("brings a 拾念 export's images back once: twice into B, and A's own export into A, add none", async () => {
        const a = await registerUser(ctx);
        const ids: string[] = [];
        for (const format of ["png", "jpeg", "webp", "gif"] as const) {
          const res = await uploadFile(
            ctx,
            a.token,
            await makeImage(format),
            `白板.${format}`,
            `image/${format}`,
          );
          expect(res.status).toBe(201);
          ids.push(res.body.data.id);
        }
        // a voice note comes back too, as it was recorded
        const wav = makeWav();
        const recording = await uploadFile(ctx, a.token, wav, "语音.wav", "audio/wav");
        expect(recording.status).toBe(201);
        const idea = await request(ctx, "createIdea", {
          token: a.token,
          body: { content: "有图的想法", attachmentIds: [...ids.slice(0, 3), recording.body.data.id] },
        });
        expect(idea.status).toBe(201);
        const note = await request(ctx, "createNote", {
          token: a.token,
          body: { title: "有图的笔记", content: `见 ![](attachment:${ids[3]})`, attachmentIds: [ids[3]!] },
        });
        expect(note.status).toBe(201);
        const zipA = await exportZip(ctx, a);
        const b = await registerUser(ctx);
        const exportUpload = [{ name: "拾念导出.zip", bytes: new Uint8Array(zipA) }];
        for (let round = 0; round < 2; round++) {
          const { status } = await imported(ctx, b, exportUpload);
          expect(status).toMatchObject({ status: "done", refused: [] });
          expect((await filesOf(ctx, b.id)).map((f) => f.name)).toEqual(
            expect.arrayContaining(["白板.png", "白板.jpeg", "白板.webp", "白板.gif", "语音.wav"]),
          );
          expect(await filesOf(ctx, b.id)).toHaveLength(5);
        }
        const voice = (await filesOf(ctx, b.id)).find((f) => f.name === "语音.wav");
        expect(voice).toMatchObject({ content_type: "audio/wav", position: 4 });
        expect(Buffer.compare(voice.data, wav)).toBe(0);
        const back = await previewed(ctx, a, exportUpload);
        const start = await request(ctx, "startImport", {
          token: a.token,
          params: { id: back.jobId },
          body: {},
        });
        expect(start.status).toBe(200);
        expect(await settled(ctx, a, back.jobId)).toMatchObject({ status: "done", refused: [] });
        expect(await filesOf(ctx, a.id)).toHaveLength(5);
        // B's note names its image by B's id
        const notes = await request(ctx, "listNotes", { token: b.token });
        const bNote = await request(ctx, "getNote", {
          token: b.token,
          params: { id: notes.body.data.items[0]!.id },
        });
        expect(bNote.body.data.attachments).toHaveLength(1);
        expect(bNote.body.data.content).toBe(`见 ![](attachment:${bNote.body.data.attachments![0]!.id})`);
        const zipB = unzipSync(await exportZip(ctx, b));
        expect(Object.keys(zipB).filter((n) => n.startsWith("files/"))).toHaveLength(5);

        // an export edited by hand: a tenth image and a second recording on the idea are refused by
        // name, as the app would (it holds 3 images and 1 recording)
        const files = unzipSync(zipA);
        const data = JSON.parse(strFromU8(files["data.json"]!));
        const onIdea = data.attachments.filter((f: { itemId: string }) => f.itemId === idea.body.data.id);
        const ofKind = (kind: string) => onIdea.find((f: { kind: string }) => f.kind === kind);
        const [picture, voiceNote] = [ofKind("image"), ofKind("audio")];
        for (let n = 4; n <= 10; n++) {
          data.attachments.push({ ...picture, id: randomUUID(), position: n + 1, name: `第${n}张.png` });
        }
        data.attachments.push({ ...voiceNote, id: randomUUID(), position: 12, name: "又一段.wav" });
        const edited = zipSync({ ...files, "data.json": strToU8(JSON.stringify(data)) });
        const c = await registerUser(ctx);
        const { status } = await imported(ctx, c, [{ name: "拾念导出.zip", bytes: new Uint8Array(edited) }]);
        expect(status.refused).toEqual([
          { item: "图片「第10张.png」", message: "每条想法最多 9 张图片，已跳过" },
          { item: "录音「又一段.wav」", message: "每条想法最多 1 段录音，已跳过" },
        ]);
        expect(await filesOf(ctx, c.id)).toHaveLength(5 + 6);
      });

      it("skips a 批注's files silently with the 批注, as an idea's: twice into B, and A's own export into A", async () => {
        const a = await registerUser(ctx);
        const idea = await request(ctx, "createIdea", { token: a.token, body: { content: "周末去学陶艺" } });
        const picture = await uploadFile(ctx, a.token, await makeImage("png"), "成品.png", "image/png");
        const voice = await uploadFile(ctx, a.token, makeWav(), "语音.wav", "audio/wav");
        const annotation = await request(ctx, "createAnnotation", {
          token: a.token,
          params: { id: idea.body.data.id },
          body: { content: "烧出来了", attachmentIds: [picture.body.data.id, voice.body.data.id] },
        });
        expect(annotation.status, JSON.stringify(annotation.body)).toBe(201);
        const exportUpload = [{ name: "拾念导出.zip", bytes: new Uint8Array(await exportZip(ctx, a)) }];

        const b = await registerUser(ctx);
        for (let round = 0; round < 2; round++) {
          const { status } = await imported(ctx, b, exportUpload);
          expect(status).toMatchObject({ status: "done", skipped: round, refused: [] });
          expect((await filesOf(ctx, b.id)).map((f) => f.name).sort()).toEqual(["成品.png", "语音.wav"]);
        }
        const back = await imported(ctx, a, exportUpload);
        expect(back.status).toMatchObject({ status: "done", skipped: 1, refused: [] });
        expect(await filesOf(ctx, a.id)).toHaveLength(2);
      });
    });
  },
  { QUOTA_BYTES: "100000", EXPORT_COOLDOWN: "0", RATE_UPLOADS: "0" },
);

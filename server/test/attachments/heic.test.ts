import { readdirSync, readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { heicDecoded } from "../../src/attachments/heic.ts";
import { sniffImageFormat } from "../../src/attachments/image.ts";
import { onOneDatabase, registerUser, type TestCtx } from "../helpers.ts";
import { uploadFile } from "./helpers.ts";

const CJK = /[\u4e00-\u9fff]/;
// made with heif-enc (libheif-examples): fixtures/README.md
const photo = readFileSync(new URL("../fixtures/photo.heic", import.meta.url));
const photo12mp = readFileSync(new URL("../fixtures/photo-12mp.heic", import.meta.url));
// photo.heic with an irot box (a quarter turn clockwise), as an iPhone held upright writes
const photoTurned = readFileSync(new URL("../fixtures/photo-turned.heic", import.meta.url));

const stored = async (ctx: TestCtx, id: string) =>
  (await ctx.db.query("SELECT content_type, data, thumb FROM attachments WHERE id = $1", [id])).rows[0] as {
    content_type: string;
    data: Buffer;
    thumb: Buffer;
  };

/** The red, green and blue of the pixel at (x, y). */
async function pixelAt(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

onOneDatabase((ctx) => {
  describe("HEIC uploads (iPhone photos)", () => {
    it("is recognised from its bytes", () => {
      expect(sniffImageFormat(photo)).toBe("heic");
      expect(sniffImageFormat(photo12mp)).toBe("heic");
    });

    it("is converted to a JPEG without its EXIF (GPS), with a WebP thumbnail, and served as JPEG", async () => {
      const u = await registerUser(ctx);
      const res = await uploadFile(ctx, u.token, photo, "IMG_0001.HEIC", "image/heic");
      expect(res.status).toBe(201);
      const row = await stored(ctx, res.body.data.id);
      expect(row.content_type).toBe("image/jpeg");
      const meta = await sharp(row.data).metadata();
      // the HEIC's EXIF said Orientation 6 and where it was taken: none of it is kept, and by the
      // HEIF standard the EXIF orientation is not applied (the container's irot would be)
      expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
        "jpeg",
        64,
        48,
        undefined,
        undefined,
      ]);
      const [red, , blue] = await pixelAt(row.data, 8, 24);
      expect(red).toBeGreaterThan(180);
      expect(blue).toBeLessThan(80);
      expect((await pixelAt(row.data, 56, 24))[2]).toBeGreaterThan(180);
      expect((await sharp(row.thumb).metadata()).format).toBe("webp");

      const served = await ctx.app.request(res.body.data.url);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(Buffer.from(await served.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    });

    it("keeps the orientation: the container's rotation turns the pixels", async () => {
      const u = await registerUser(ctx);
      const res = await uploadFile(ctx, u.token, photoTurned, "IMG_0004.HEIC", "image/heic");
      expect(res.status).toBe(201);
      const row = await stored(ctx, res.body.data.id);
      const meta = await sharp(row.data).metadata();
      expect([meta.width, meta.height, meta.orientation]).toEqual([48, 64, undefined]);
      // the red left half is now on top, the blue right half below
      expect((await pixelAt(row.data, 24, 8))[0]).toBeGreaterThan(180);
      expect((await pixelAt(row.data, 24, 56))[2]).toBeGreaterThan(180);
      const thumb = await sharp(row.thumb).metadata();
      expect([thumb.width, thumb.height]).toEqual([48, 64]);
    });

    it("refuses a broken HEIC in Chinese and stores nothing", async () => {
      const u = await registerUser(ctx);
      const broken = [
        photo.subarray(0, Math.floor(photo.length / 2)), // cut off in the middle
        Buffer.concat([photo.subarray(0, 200), Buffer.alloc(photo.length - 200, 0x5a)]), // its image data overwritten
      ];
      for (const bytes of broken) {
        const res = await uploadFile(ctx, u.token, bytes, "IMG_0002.HEIC", "image/heic");
        expect(res.status).toBe(415);
        expect(res.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
        expect(res.body.message).toMatch(CJK);
      }
      const { rows } = await ctx.db.query("SELECT 1 FROM attachments WHERE user_id = $1", [u.id]);
      expect(rows).toEqual([]);
    });

    it("refuses the HEIF kinds the decoder cannot read (multi-view, scalable) as an unsupported type, not as broken", async () => {
      const u = await registerUser(ctx);
      for (const brand of ["heim", "heis"]) {
        const bytes = Buffer.from(photo);
        bytes.write(brand, 8, "latin1");
        expect(sniffImageFormat(bytes)).toBeNull();
        const res = await uploadFile(ctx, u.token, bytes, "IMG_0005.HEIC", "image/heic");
        expect([res.status, res.body.message]).toEqual([415, "仅支持 PNG、JPEG、WebP、GIF 或 HEIC 图片"]);
      }
    });

    it("is decoded in a worker thread: the event loop keeps answering while a 12-megapixel photo converts", async () => {
      const u = await registerUser(ctx);
      const before = heicDecoded();
      let longestGap = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      const res = await uploadFile(ctx, u.token, photo12mp, "IMG_0003.HEIC", "image/heic").finally(() =>
        clearInterval(ticker),
      );
      const took = performance.now() - started;
      expect(res.status).toBe(201);
      expect(heicDecoded() - before).toBe(1);
      if (process.platform === "linux") {
        // that thread (idle for 10 s before it ends) runs at nice 10, yielding to the requests
        const nice = readdirSync("/proc/self/task").map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        });
        expect(nice).toContain(10);
      }
      const meta = await sharp((await stored(ctx, res.body.data.id)).data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 4032, 3024]);
      // decoding alone takes the better part of a second; the loop never stopped for long
      expect(took).toBeGreaterThan(300);
      expect(longestGap).toBeLessThan(Math.min(150, took / 2));
    });
  });
});

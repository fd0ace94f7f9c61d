import { randomBytes } from "node:crypto";
import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sweepUnreferenced } from "../../src/attachments/attachments.store.ts";
import { fileUrlKey, signFile } from "../../src/attachments/signed-urls.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { userSnapshot } from "../user-snapshot.ts";
import { makeImage, makeWav, signedParts, uploadFile } from "./helpers.ts";

const CJK = /[\u4e00-\u9fff]/;

const fetchUrl = (ctx: TestCtx, url: string) => ctx.app.request(url);
const filesOf = async (ctx: TestCtx, userId: string) =>
  (await ctx.db.query("SELECT id, item_id FROM attachments WHERE user_id = $1", [userId])).rows;
const upload = async (ctx: TestCtx, u: TestUser, bytes?: Buffer) => {
  const res = await uploadFile(ctx, u.token, bytes ?? (await makeImage("png")));
  expect(res.status).toBe(201);
  return res.body.data as { id: string; url: string; thumbnailUrl: string; size: number };
};

/** A JPEG as a phone takes it: turned by its EXIF orientation, with where it was taken. */
const phonePhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "拾念相机" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 0/1" },
    })
    .toBuffer();
/** The GPS IFD's pointer tag (0x8825), in either byte order. */
const hasGpsTag = (exif: Buffer | undefined) =>
  !!exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])));

onOneDatabase((ctx) => {
  describe("attachments", () => {
    it("stores an image, answers signed URLs, serves it inertly with a WebP thumbnail", async () => {
      const u = await registerUser(ctx);
      const file = await upload(ctx, u, await makeImage("png", { width: 800, height: 600 }));
      expect(file).toMatchObject({ kind: "image", size: expect.any(Number) });
      expect(file.url).toMatch(new RegExp(`^/api/files/${file.id}\\?exp=\\d+&sig=[\\w-]+$`));

      const res = await fetchUrl(ctx, file.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toBe("inline");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(800);

      const thumb = await fetchUrl(ctx, file.thumbnailUrl);
      expect(thumb.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", 400, 300]);
    });

    it("takes the type from the bytes: SVG, HTML named .png, a polyglot, a broken HEIC and text are refused", async () => {
      const u = await registerUser(ctx);
      const gif = await makeImage("gif");
      const png = await makeImage("png");
      const refused = [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "a.svg"],
        [Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), "a.png"],
        // decodes as a GIF, and is a page too
        [Buffer.concat([gif, Buffer.from("<script>alert(document.cookie)</script>")]), "a.gif"],
        [Buffer.concat([png, Buffer.from("<html><body>hi</body></html>")]), "b.png"],
        // a PNG signature and nothing a decoder can read
        [Buffer.concat([png.subarray(0, 16), randomBytes(200)]), "c.png"],
        [Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic"), randomBytes(64)]), "IMG_1.HEIC"],
      ] as const;
      const messages = [];
      for (const [bytes, name] of refused) {
        const res = await uploadFile(ctx, u.token, bytes, name);
        expect(res.status, name).toBe(415);
        expect(res.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
        expect(res.body.message).toMatch(CJK);
        messages.push(res.body.message);
      }
      expect(messages[2]).toContain("脚本");
      expect(messages[5]).toContain("损坏");
      expect(await filesOf(ctx, u.id)).toEqual([]);
      for (const format of ["jpeg", "webp", "gif"] as const) {
        expect((await uploadFile(ctx, u.token, await makeImage(format), "x.bin")).status).toBe(201);
      }
      // a photo's XMP packet is XML, and no reason to refuse it
      const xmp = `<?xml version="1.0"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>`;
      const withXmp = await sharp(await makeImage("jpeg"))
        .withXmp(xmp)
        .jpeg()
        .toBuffer();
      expect(withXmp.includes(Buffer.from("<?xml"))).toBe(true);
      expect((await uploadFile(ctx, u.token, withXmp, "IMG_2.JPG")).status).toBe(201);
    });

    it("strips EXIF (GPS above all) and keeps the orientation by turning the pixels", async () => {
      const u = await registerUser(ctx);
      const photo = await phonePhoto();
      const sent = await sharp(photo).metadata();
      expect([sent.orientation, sent.width, hasGpsTag(sent.exif)]).toEqual([6, 64, true]);

      const file = await upload(ctx, u, photo);
      const stored = Buffer.from(await (await fetchUrl(ctx, file.url)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 48, 64]);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(Buffer.from("拾念相机"))).toBe(false);
    });

    it("signed URLs expire, cannot be altered, and reach no other person's file", async () => {
      const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
      const mine = await upload(ctx, a);
      const theirs = await upload(ctx, b);
      const { id, exp, sig } = signedParts(mine.url);
      const key = await fileUrlKey(ctx.db);
      const past = Math.floor(Date.now() / 1000) - 1;
      const forbidden = [
        `/api/files/${id}?exp=${past}&sig=${signFile(key, "file", id, a.id, past)}`, // expired, well signed
        `/api/files/${id}?exp=${exp + 3600}&sig=${sig}`, // a later expiry
        `/api/files/${id}?exp=${exp}&sig=${sig.slice(0, -2)}AA`, // altered
        `/api/files/${id}?exp=${exp}&sig=${signedParts(theirs.url).sig}`, // b's own file's signature
        `/api/files/${id}?exp=${exp}&sig=${signFile(key, "file", id, b.id, exp)}`, // signed for b
        `/api/files/${id}/thumb?exp=${exp}&sig=${sig}`, // the file's signature on the thumbnail
      ];
      for (const url of forbidden) {
        const res = await fetchUrl(ctx, url);
        expect(res.status, url).toBe(403);
        expect(((await res.json()) as { message: string }).message).toMatch(CJK);
      }
      expect((await fetchUrl(ctx, mine.url.replace(id, crypto.randomUUID()))).status).toBe(404);
      expect((await fetchUrl(ctx, `/api/files/${id}`)).status).toBe(400);
      expect((await fetchUrl(ctx, mine.url)).status).toBe(200);
    });

    it("attaches only the person's own free files to ideas (up to 9) and notes, and answers them signed", async () => {
      const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
      const [f1, f2] = [await upload(ctx, a), await upload(ctx, a)];
      const foreign = await upload(ctx, b);

      const before = await userSnapshot(ctx, a.id);
      const stolen = await request(ctx, "createIdea", {
        token: a.token,
        body: { content: "借图", attachmentIds: [f1.id, foreign.id] },
      });
      expect(stolen.status).toBe(404);
      const tooMany = await request(ctx, "createIdea", {
        token: a.token,
        body: { content: "十一个", attachmentIds: Array.from({ length: 11 }, () => crypto.randomUUID()) },
      });
      expect(tooMany.status).toBe(400);
      expect(await userSnapshot(ctx, a.id)).toEqual(before);

      const idea = await request(ctx, "createIdea", {
        token: a.token,
        body: { content: "两张照片", attachmentIds: [f2.id, f1.id] },
      });
      expect(idea.status).toBe(201);
      expect(idea.body.data.attachments?.map((f) => f.id)).toEqual([f2.id, f1.id]);
      const got = await request(ctx, "getIdea", { token: a.token, params: { id: idea.body.data.id } });
      expect((await fetchUrl(ctx, got.body.data.attachments![0]!.url)).status).toBe(200);
      const feed = await request(ctx, "feed", { token: a.token, query: {} });
      expect(feed.body.data.items.find((i) => i.id === idea.body.data.id)?.attachments).toHaveLength(2);

      // a file on one item cannot go on another
      const note = await request(ctx, "createNote", {
        token: a.token,
        body: { title: "笔记", content: "![](attachment:x)", attachmentIds: [f1.id] },
      });
      expect(note.status).toBe(404);
      const plain = await request(ctx, "getIdea", { token: b.token, params: { id: idea.body.data.id } });
      expect(plain.status).toBe(404);

      // an update names the whole set: the one left out is deleted
      const kept = await request(ctx, "updateIdea", {
        token: a.token,
        params: { id: idea.body.data.id },
        body: { attachmentIds: [f1.id] },
      });
      expect(kept.body.data.attachments?.map((f) => f.id)).toEqual([f1.id]);
      expect((await filesOf(ctx, a.id)).map((f) => f.id)).toEqual([f1.id]);
      const noted = await request(ctx, "createNote", {
        token: b.token,
        body: { title: "笔记", content: "图", attachmentIds: [foreign.id] },
      });
      expect(noted.body.data.attachments?.map((f) => f.id)).toEqual([foreign.id]);
    });

    it("holds an idea to 9 pictures and 1 recording, as the composer does, changing nothing past it", async () => {
      const u = await registerUser(ctx);
      const pictures = [];
      for (let i = 0; i < 10; i++) pictures.push((await upload(ctx, u)).id);
      const voice = async () => {
        const res = await uploadFile(ctx, u.token, makeWav(), "录音.wav", "audio/wav");
        expect(res.status).toBe(201);
        return res.body.data.id as string;
      };
      const [v1, v2] = [await voice(), await voice()];
      const nine = pictures.slice(0, 9);
      const before = await userSnapshot(ctx, u.id);
      for (const ids of [pictures, [...nine.slice(1), v1, v2]]) {
        const refused = await request(ctx, "createIdea", {
          token: u.token,
          body: { content: "太多了", attachmentIds: ids },
        });
        expect(refused.status, ids.length.toString()).toBe(400);
        expect(refused.body.message).toBe("每条想法最多 9 张图片和 1 段录音");
        expect(await userSnapshot(ctx, u.id)).toEqual(before);
      }

      const made = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "九张照片和一段录音", attachmentIds: [...nine, v1] },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.data.attachments?.map((f) => f.kind)).toEqual([...nine.map(() => "image"), "audio"]);
      const id = made.body.data.id;
      for (const ids of [
        [...nine, pictures[9]!],
        [...nine.slice(1), v1, v2],
      ]) {
        const refused = await request(ctx, "updateIdea", {
          token: u.token,
          params: { id },
          body: { attachmentIds: ids },
        });
        expect(refused.status).toBe(400);
      }
      const kept = await request(ctx, "getIdea", { token: u.token, params: { id } });
      expect(kept.body.data.attachments?.map((f) => f.id)).toEqual([...nine, v1]);
      const swapped = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id },
        body: { attachmentIds: [...pictures.slice(1), v2] },
      });
      expect(swapped.status).toBe(200);
      expect(swapped.body.data.attachments).toHaveLength(10);
    });

    it("puts the images of ideas and notes into the export: files/, linked from their Markdown and data.json", async () => {
      const u = await registerUser(ctx);
      const [f1, loose] = [await upload(ctx, u), await upload(ctx, u)];
      const idea = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "带图", attachmentIds: [f1.id] },
      });
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.status).toBe(200);
      const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const stored = new Uint8Array(await (await fetchUrl(ctx, f1.url)).arrayBuffer());
      expect(zip[`files/${f1.id}.png`]).toEqual(stored);
      expect(Object.keys(zip).filter((n) => n.startsWith("files/"))).toEqual([`files/${f1.id}.png`]);
      const markdown = Object.keys(zip).find((n) => n.startsWith("ideas/"))!;
      expect(strFromU8(zip[markdown]!)).toContain(`![](../files/${f1.id}.png)`);
      const data = JSON.parse(strFromU8(zip["data.json"]!));
      expect(data.format).toBe("shinian-export/5");
      expect(data.attachments).toEqual([
        expect.objectContaining({
          id: f1.id,
          itemId: idea.body.data.id,
          file: `files/${f1.id}.png`,
          contentType: "image/png",
        }),
      ]);
      expect(JSON.stringify(data)).not.toContain(loose.id);
    });

    it("deleting for good, emptying 回收站, deleting the account and the sweep leave no file behind", async () => {
      const u = await registerUser(ctx);
      const [f1, f2, loose] = [await upload(ctx, u), await upload(ctx, u), await upload(ctx, u)];
      const idea = (
        await request(ctx, "createIdea", { token: u.token, body: { content: "图", attachmentIds: [f1.id] } })
      ).body.data;
      await request(ctx, "createNote", {
        token: u.token,
        body: { title: "笔记", content: "图", attachmentIds: [f2.id] },
      });

      // in 回收站 the file stays, and comes back with the idea
      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      expect(await filesOf(ctx, u.id)).toHaveLength(3);
      await request(ctx, "restoreFromTrash", { token: u.token, params: { id: idea.id } });
      const back = await request(ctx, "getIdea", { token: u.token, params: { id: idea.id } });
      expect(back.body.data.attachments?.map((f) => f.id)).toEqual([f1.id]);
      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      await request(ctx, "deleteFromTrash", { token: u.token, params: { id: idea.id } });
      expect((await filesOf(ctx, u.id)).map((f) => f.id).sort()).toEqual([f2.id, loose.id].sort());

      // past the grace period an upload attached to nothing goes; an attached one stays
      await ctx.db.query(
        "UPDATE attachments SET created_at = now() - interval '25 hours' WHERE user_id = $1",
        [u.id],
      );
      expect(await sweepUnreferenced(ctx.db, ctx.config.attachments.graceMs)).toBeGreaterThanOrEqual(1);
      expect((await filesOf(ctx, u.id)).map((f) => f.id)).toEqual([f2.id]);

      const gone = await call(ctx, "DELETE", "/api/account", {
        token: u.token,
        body: { password: u.password, confirm: DELETE_ACCOUNT_PHRASE },
      });
      expect(gone.status).toBe(200);
      expect(await filesOf(ctx, u.id)).toEqual([]);
    });
  });
});

onOneDatabase(
  (ctx) => {
    it("counts files toward QUOTA_BYTES (个人资料's 存储空间) and refuses past it; ATTACHMENT_MAX_BYTES is a 413", async () => {
      const u = await registerUser(ctx);
      const used = async () => (await request(ctx, "getUsage", { token: u.token })).body.data.bytes;
      const start = await used();
      const file = await upload(ctx, u, await makeImage("png", { width: 200, height: 200 }));
      expect(await used()).toBe(start + file.size);

      // noise does not compress: a PNG of ~12 KB
      const noise = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
        .png()
        .toBuffer();
      const sizes = [];
      let res = await uploadFile(ctx, u.token, noise);
      while (res.status === 201) {
        sizes.push(res.body.data.size);
        res = await uploadFile(ctx, u.token, noise);
      }
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("QUOTA_EXCEEDED");
      expect(res.body.message).toMatch(CJK);
      expect(sizes.length).toBeGreaterThan(0);
      expect(await used()).toBe(start + file.size + sizes.reduce((x, y) => x + y, 0));

      const big = await sharp(randomBytes(160 * 160 * 3), { raw: { width: 160, height: 160, channels: 3 } })
        .png()
        .toBuffer();
      const tooBig = await uploadFile(ctx, u.token, big);
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe("图片或录音不能超过 40 KB");
    });
  },
  { QUOTA_BYTES: "64KiB" },
  { attachments: { maxBytes: 40 * 1024 } },
);

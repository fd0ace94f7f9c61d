import { strFromU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { findRecording, sweepUnreferenced } from "../../src/attachments/attachments.store.ts";
import { purgeTrash, trashIdea } from "../../src/items/trash.store.ts";
import { makeImage, makeWav, uploadFile } from "../attachments/helpers.ts";
import { exportZip, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { imported } from "../import/helpers.ts";

type Listed = { id: string; content: string; attachments: { id: string; kind: string; url: string }[] };

const newIdea = async (ctx: TestCtx, u: TestUser, content = "周末去学陶艺") =>
  (await request(ctx, "createIdea", { token: u.token, body: { content } })).body.data as { id: string };

const upload = async (ctx: TestCtx, u: TestUser, name = "杯子.png") => {
  const res = await uploadFile(ctx, u.token, await makeImage("png"), name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
};

const annotate = (ctx: TestCtx, u: TestUser, id: string, content: string, attachmentIds: string[]) =>
  request(ctx, "createAnnotation", { token: u.token, params: { id }, body: { content, attachmentIds } });

const thread = async (ctx: TestCtx, u: TestUser, id: string) =>
  (await request(ctx, "listAnnotations", { token: u.token, params: { id } })).body.data.items as Listed[];

const filesOn = async (ctx: TestCtx, itemId: string) =>
  (await ctx.db.query("SELECT id FROM attachments WHERE item_id = $1 ORDER BY position", [itemId])).rows.map(
    (r: { id: string }) => r.id,
  );

/** Makes every file old enough for the sweep, then sweeps. */
const sweepAll = async (ctx: TestCtx, u: TestUser) => {
  await ctx.db.query("UPDATE attachments SET created_at = now() - interval '25 hours' WHERE user_id = $1", [
    u.id,
  ]);
  await sweepUnreferenced(ctx.db, ctx.config.attachments.graceMs);
};

onOneDatabase((ctx) => {
  describe("批注 with pictures and a recording", () => {
    it("are saved with the 批注, in order, listed with signed URLs, and never on the idea itself", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const [a, b] = [await upload(ctx, u, "一.png"), await upload(ctx, u, "二.png")];
      const wav = await uploadFile(ctx, u.token, makeWav(), "录音.wav", "audio/wav");
      const made = await annotate(ctx, u, idea.id, "拉坯的样子 #陶艺", [b, a, wav.body.data.id]);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.data.attachments?.map((f) => [f.id, f.kind])).toEqual([
        [b, "image"],
        [a, "image"],
        [wav.body.data.id, "audio"],
      ]);
      const [listed] = await thread(ctx, u, idea.id);
      expect(listed!.attachments.map((f) => f.id)).toEqual([b, a, wav.body.data.id]);
      const picture = await ctx.app.request(listed!.attachments[0]!.url);
      expect(picture.status).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/png");
      const own = await request(ctx, "getIdea", { token: u.token, params: { id: idea.id } });
      expect(own.body.data.attachments).toEqual([]);
    });

    it("refuse a file on another item, or more than 9 pictures, in Chinese, and save nothing", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const taken = await upload(ctx, u);
      await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "有图的想法", attachmentIds: [taken] },
      });
      const onOther = await annotate(ctx, u, idea.id, "借用一张图", [taken]);
      expect(onOther.status).toBe(404);
      expect(onOther.body.message).toBe("图片不存在或已附在别的想法或笔记上");

      const ten: string[] = [];
      for (let i = 0; i < 10; i++) ten.push(await upload(ctx, u, `${i}.png`));
      const tooMany = await annotate(ctx, u, idea.id, "十张图", ten);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe("每条批注最多 9 张图片和 1 段录音");
      expect(await thread(ctx, u, idea.id)).toEqual([]);
      const free = await ctx.db.query(
        "SELECT 1 FROM attachments WHERE id = ANY($1::uuid[]) AND item_id IS NULL",
        [ten],
      );
      expect(free.rowCount).toBe(10);

      const other = await registerUser(ctx);
      const stranger = await annotate(ctx, other, (await newIdea(ctx, other)).id, "别人的图", [ten[0]!]);
      expect(stranger.status).toBe(404);
    });

    it("stay with their 批注 in 回收站 through the sweep, and go when it is deleted for good", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const file = await upload(ctx, u);
      const made = await annotate(ctx, u, idea.id, "带图的批注", [file]);
      const annotationId = made.body.data.id;
      await sweepAll(ctx, u);
      expect(await filesOn(ctx, annotationId)).toEqual([file]);

      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      await sweepAll(ctx, u);
      expect(await filesOn(ctx, annotationId)).toEqual([file]);
      await request(ctx, "restoreFromTrash", { token: u.token, params: { id: idea.id } });
      expect((await thread(ctx, u, idea.id))[0]!.attachments.map((f) => f.id)).toEqual([file]);

      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      await purgeTrash(ctx.db, { userId: u.id, id: idea.id });
      // at once, not at the sweep: deleted for good means the file too
      expect(await filesOn(ctx, annotationId)).toEqual([]);
    });

    it("are found in 回收站 by the trash's index of its 批注 (migration 058), not by reading every trashed idea", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const file = await upload(ctx, u);
      const made = await annotate(ctx, u, idea.id, "带图的批注", [file]);
      const { rows: others } = await ctx.db.query<{ id: string }>(
        "INSERT INTO ideas (user_id, original_content, content) SELECT $1, '旧想法', '旧想法' FROM generate_series(1, 200) RETURNING id",
        [u.id],
      );
      for (const other of [...others, idea]) await trashIdea(ctx.db, u.id, other.id);
      await ctx.db.query("ANALYZE trash");
      await ctx.db.query(
        "UPDATE attachments SET created_at = now() - interval '25 hours' WHERE user_id = $1",
        [u.id],
      );
      // the sweep and the statistics on one connection: its index scans are counted before they are
      // read; no plain reading of the table, which a test's few rows would make the cheaper
      const client = await ctx.db.connect();
      try {
        await client.query("SET enable_seqscan = off");
        const scans = async () => {
          await client.query("SELECT pg_stat_force_next_flush()");
          const { rows } = await client.query<{ n: string }>(
            "SELECT idx_scan AS n FROM pg_stat_user_indexes WHERE indexrelname = 'trash_annotations'",
          );
          return Number(rows[0]?.n ?? Number.NaN);
        };
        const before = await scans();
        await sweepUnreferenced(client, ctx.config.attachments.graceMs);
        expect(await scans()).toBeGreaterThan(before);
      } finally {
        await client.query("RESET enable_seqscan");
        client.release();
      }
      expect(await filesOn(ctx, made.body.data.id)).toEqual([file]);
    });

    it("a recording on a 批注 of an idea marked 不让AI读取 stays unreadable to the AI in 回收站 too", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: idea.id },
        body: { aiExcluded: true },
      });
      const wav = await uploadFile(ctx, u.token, makeWav(), "录音.wav", "audio/wav");
      await annotate(ctx, u, idea.id, "语音批注", [wav.body.data.id]);
      expect((await findRecording(ctx.db, u.id, wav.body.data.id))?.ai_excluded).toBe(true);
      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      expect((await findRecording(ctx.db, u.id, wav.body.data.id))?.ai_excluded).toBe(true);
    });

    it("travel in the export on their 批注 and come back under the imported 批注", async () => {
      const a = await registerUser(ctx);
      const idea = await newIdea(ctx, a);
      const file = await upload(ctx, a, "成品.png");
      const made = await annotate(ctx, a, idea.id, "烧出来了", [file]);
      const zip = unzipSync(await exportZip(ctx, a));
      const data = JSON.parse(strFromU8(zip["data.json"]!));
      const listed = data.attachments.find((f: { id: string }) => f.id === file);
      expect(listed).toMatchObject({ itemId: made.body.data.id, name: "成品.png", kind: "image" });
      expect(zip[listed.file]).toBeDefined();

      const b = await registerUser(ctx);
      const { status } = await imported(ctx, b, [{ name: "拾念导出.zip", bytes: zipSync(zip) }]);
      expect(status.status).toBe("done");
      expect(status.refused).toEqual([]);
      const [copy] = (await request(ctx, "listIdeas", { token: b.token, query: {} })).body.data.items;
      const [back] = await thread(ctx, b, copy!.id);
      expect(back!.content).toBe("烧出来了");
      expect(back!.attachments.map((f) => f.kind)).toEqual(["image"]);
      const picture = await ctx.app.request(back!.attachments[0]!.url);
      expect(Buffer.from(await picture.arrayBuffer()).equals(Buffer.from(zip[listed.file]!))).toBe(true);
    });
  });
});

import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { sweepUnreferenced } from "../../src/attachments/attachments.store.ts";
import { exportZip, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { userSnapshot } from "../user-snapshot.ts";
import { makeImage, uploadFile } from "./helpers.ts";

const CJK = /[\u4e00-\u9fff]/;

const upload = async (ctx: TestCtx, u: TestUser, name = "收据.png") => {
  const res = await uploadFile(ctx, u.token, await makeImage("png"), name);
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
};
const fileRow = async (ctx: TestCtx, id: string) =>
  (await ctx.db.query<{ item_id: string | null }>("SELECT item_id FROM attachments WHERE id = $1", [id]))
    .rows[0];
const image = (id: string, name = "收据.png") => `![${name}](attachment:${id})`;

onOneDatabase((ctx) => {
  describe("images inline in notes", () => {
    it("attaches the files a note's Markdown refers to, in order, whatever attachmentIds says", async () => {
      const u = await registerUser(ctx);
      const [f1, f2] = [await upload(ctx, u), await upload(ctx, u)];
      const created = await request(ctx, "createNote", {
        token: u.token,
        body: {
          title: "报销",
          content: `# 报销\n\n${image(f2.id)}\n\n文字\n\n${image(f1.id.toUpperCase())}`,
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.attachments?.map((f) => f.id)).toEqual([f2.id, f1.id]);
      const got = await request(ctx, "getNote", { token: u.token, params: { id: created.body.data.id } });
      expect(got.body.data.attachments?.[0]?.url).toMatch(new RegExp(`^/api/files/${f2.id}\\?exp=`));
      // the Markdown keeps the reference, never a signed URL
      expect(got.body.data.content).not.toContain("/api/files/");
    });

    it("refuses a reference to another person's file, or to one on another item, changing nothing", async () => {
      const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
      const foreign = await upload(ctx, b);
      const own = await upload(ctx, a);
      await request(ctx, "createIdea", {
        token: a.token,
        body: { content: "带图", attachmentIds: [own.id] },
      });
      const note = (
        await request(ctx, "createNote", { token: a.token, body: { title: "笔记", content: "原文" } })
      ).body.data;
      const before = await userSnapshot(ctx, a.id);
      for (const id of [foreign.id, own.id, crypto.randomUUID()]) {
        const created = await request(ctx, "createNote", {
          token: a.token,
          body: { title: "借图", content: image(id) },
        });
        expect(created.status).toBe(404);
        expect(created.body.message).toMatch(CJK);
        // it names the reference, so it can be found in a long note and taken out
        expect(created.body.message).toContain(`attachment:${id}`);
        const updated = await request(ctx, "updateNote", {
          token: a.token,
          params: { id: note.id },
          body: { content: `改了 ${image(id)}` },
        });
        expect(updated.status).toBe(404);
      }
      expect(await userSnapshot(ctx, a.id)).toEqual(before);
      expect((await fileRow(ctx, foreign.id))?.item_id).toBeNull();
      const still = await request(ctx, "getNote", { token: a.token, params: { id: note.id } });
      expect(still.body.data.content).toBe("原文");
    });

    it("releases a file whose reference is removed to the sweep; putting it back within the grace period keeps it", async () => {
      const u = await registerUser(ctx);
      const [f1, f2] = [await upload(ctx, u), await upload(ctx, u)];
      const note = (
        await request(ctx, "createNote", {
          token: u.token,
          body: { title: "两张", content: `${image(f1.id)}\n${image(f2.id)}` },
        })
      ).body.data;
      const edit = (content: string) =>
        request(ctx, "updateNote", { token: u.token, params: { id: note.id }, body: { content } });

      // uploaded long ago: released, its grace period starts again from the edit
      await ctx.db.query("UPDATE attachments SET created_at = now() - interval '2 days' WHERE id = $1", [
        f1.id,
      ]);
      const dropped = await edit(image(f2.id));
      expect(dropped.body.data.attachments?.map((f) => f.id)).toEqual([f2.id]);
      expect(await fileRow(ctx, f1.id)).toEqual({ item_id: null });
      // still inside ATTACHMENT_GRACE: the sweep keeps it, and undoing the edit attaches it again
      await sweepUnreferenced(ctx.db, ctx.config.attachments.graceMs);
      expect(await fileRow(ctx, f1.id)).toEqual({ item_id: null });
      const undone = await edit(`${image(f1.id)}\n${image(f2.id)}`);
      expect(undone.body.data.attachments?.map((f) => f.id)).toEqual([f1.id, f2.id]);

      expect((await edit("没有图了")).body.data.attachments).toEqual([]);
      await ctx.db.query("UPDATE attachments SET created_at = now() - interval '2 days' WHERE id = ANY($1)", [
        [f1.id, f2.id],
      ]);
      await sweepUnreferenced(ctx.db, 86_400_000);
      expect(await fileRow(ctx, f1.id)).toBeUndefined();
      expect(await fileRow(ctx, f2.id)).toBeUndefined();
    });

    it("keeps the stored text's references when only attachmentIds is sent, and bounds the files per note", async () => {
      const u = await registerUser(ctx);
      const [inline, extra] = [await upload(ctx, u), await upload(ctx, u)];
      const note = (
        await request(ctx, "createNote", { token: u.token, body: { title: "图", content: image(inline.id) } })
      ).body.data;
      const res = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: note.id },
        body: { attachmentIds: [extra.id] },
      });
      expect(res.body.data.attachments?.map((f) => f.id)).toEqual([inline.id, extra.id]);
      // an edit of the text alone (another client) keeps the file its text never referred to, and
      // releases the one whose reference it took out
      const textOnly = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: note.id },
        body: { content: "改过的正文" },
      });
      expect(textOnly.status).toBe(200);
      expect(textOnly.body.data.attachments?.map((f) => f.id)).toEqual([extra.id]);
      expect(await fileRow(ctx, inline.id)).toEqual({ item_id: null });
      // ids in capitals are the same files as the text's lower-case references
      const shouted = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: note.id },
        body: { content: image(inline.id), attachmentIds: [extra.id.toUpperCase(), inline.id.toUpperCase()] },
      });
      expect(shouted.status).toBe(200);
      expect(shouted.body.data.attachments?.map((f) => f.id)).toEqual([inline.id, extra.id]);

      const many = Array.from({ length: 101 }, () => image(crypto.randomUUID())).join("\n");
      const tooMany = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "多", content: many },
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe("每篇笔记最多 100 张图片");
    });

    it("exports a note's Markdown with its references pointing into files/, and data.json with the text as written", async () => {
      const u = await registerUser(ctx);
      const [inline, extra] = [await upload(ctx, u), await upload(ctx, u, "白板.png")];
      const content = `收据：\n\n${image(inline.id)}`;
      await request(ctx, "createNote", {
        token: u.token,
        body: { title: "报销", content, attachmentIds: [extra.id] },
      });
      const zip = unzipSync(await exportZip(ctx, u));
      const markdown = strFromU8(zip[Object.keys(zip).find((n) => n.startsWith("notes/"))!]!);
      expect(markdown).toContain(`收据：\n\n![收据.png](../files/${inline.id}.png)\n`);
      expect(markdown).not.toContain("attachment:");
      // the image it does not refer to follows, once; the inline one is not repeated
      expect(markdown.match(/\.\.\/files\//g)).toHaveLength(2);
      expect(markdown.trimEnd().endsWith(`![](../files/${extra.id}.png)`)).toBe(true);
      const data = JSON.parse(strFromU8(zip["data.json"]!));
      expect(data.notes[0].content).toBe(content);
      expect(Object.keys(zip)).toEqual(
        expect.arrayContaining([`files/${inline.id}.png`, `files/${extra.id}.png`]),
      );
    });
  });
});

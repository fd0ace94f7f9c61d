import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { purgeTrash } from "../../src/items/trash.store.ts";
import { forEachDatabase, onOneDatabase, registerUser, request, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  const idea = async (u: TestUser, content: string, extra: Record<string, unknown> = {}) =>
    (await request(ctx, "createIdea", { token: u.token, body: { content, ...extra } })).body.data;
  const trash = async (u: TestUser) => (await request(ctx, "listTrash", { token: u.token })).body.data.items;

  describe("回收站", () => {
    it("a deleted idea leaves every list and search, waits in the trash, and comes back unchanged", async () => {
      const u = await registerUser(ctx);
      const made = await idea(u, "周末去西湖边跑步", { tags: ["运动"], pinned: true });
      // an AI version applied to it, as a tidy leaves one
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags, points)
         VALUES ($1, $2, 'test-model', '跑步', '周末去西湖边跑步。', '{运动}', 1) RETURNING id`,
        [u.id, made.id],
      );
      await ctx.db.query("UPDATE ideas SET ai_version_id = $2 WHERE id = $1", [made.id, rows[0]!.id]);
      const before = (await request(ctx, "getIdea", { token: u.token, params: { id: made.id } })).body.data;

      const deleted = await request(ctx, "deleteIdea", { token: u.token, params: { id: made.id } });
      expect(deleted.body.message).toBe("想法已移到回收站");
      expect((await request(ctx, "getIdea", { token: u.token, params: { id: made.id } })).status).toBe(404);
      expect((await request(ctx, "feed", { token: u.token, query: {} })).body.data.items).toEqual([]);
      expect(
        (await request(ctx, "search", { token: u.token, query: { q: "跑步" } })).body.data.items,
      ).toEqual([]);
      const trashed = (await trash(u))[0]!;
      expect(trashed).toMatchObject({ type: "idea", id: made.id, preview: "周末去西湖边跑步" });
      expect(Date.parse(trashed.purgeAt) - Date.parse(trashed.deletedAt)).toBe(30 * 86_400_000);

      const restored = await request(ctx, "restoreFromTrash", { token: u.token, params: { id: made.id } });
      expect(restored.body).toMatchObject({ message: "想法已恢复", data: { type: "idea", id: made.id } });
      const after = (await request(ctx, "getIdea", { token: u.token, params: { id: made.id } })).body.data;
      expect(after).toEqual(before);
      const versions = (await request(ctx, "listIdeaVersions", { token: u.token, params: { id: made.id } }))
        .body.data;
      expect(versions).toMatchObject({ currentVersionId: rows[0]!.id, versions: [{ id: rows[0]!.id }] });
      expect(
        (await request(ctx, "search", { token: u.token, query: { q: "跑步" } })).body.data.items,
      ).toHaveLength(1);
      expect(await trash(u)).toEqual([]);
    });

    it("restores even when the version the idea pointed at did not come along", async () => {
      const u = await registerUser(ctx);
      const made = await idea(u, "只差一个版本");
      await request(ctx, "deleteIdea", { token: u.token, params: { id: made.id } });
      // what a tidy committing during the move could have left: a pointer to a version not kept
      await ctx.db.query(
        `UPDATE trash SET item = jsonb_set(item, '{idea,ai_version_id}', to_jsonb(gen_random_uuid()::text))
         WHERE id = $1`,
        [made.id],
      );
      const restored = await request(ctx, "restoreFromTrash", { token: u.token, params: { id: made.id } });
      expect(restored.status).toBe(200);
      expect(
        (await request(ctx, "getIdea", { token: u.token, params: { id: made.id } })).body.data.content,
      ).toBe("只差一个版本");
    });

    it("a note likewise", async () => {
      const u = await registerUser(ctx);
      const note = (
        await request(ctx, "createNote", { token: u.token, body: { title: "读书", content: "置身事内" } })
      ).body.data;
      await request(ctx, "deleteNote", { token: u.token, params: { id: note.id } });
      expect((await request(ctx, "getNote", { token: u.token, params: { id: note.id } })).status).toBe(404);
      expect(await trash(u)).toMatchObject([{ type: "note", id: note.id, title: "读书" }]);
      await request(ctx, "restoreFromTrash", { token: u.token, params: { id: note.id } });
      expect((await request(ctx, "getNote", { token: u.token, params: { id: note.id } })).body.data).toEqual(
        note,
      );
    });

    it("the export leaves trashed items out", async () => {
      const u = await registerUser(ctx);
      const kept = await idea(u, "留下的想法");
      const gone = await idea(u, "删掉的想法");
      await request(ctx, "deleteIdea", { token: u.token, params: { id: gone.id } });
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: "{}",
      });
      const { unzipSync, strFromU8 } = await import("fflate");
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["data.json"]!));
      expect(data.ideas.map((i: { id: string }) => i.id)).toEqual([kept.id]);
      expect(data).not.toHaveProperty("trash");
    });

    it("the export takes the trash along when asked", async () => {
      const u = await registerUser(ctx);
      const gone = await idea(u, "删掉但想带走的想法");
      await request(ctx, "deleteIdea", { token: u.token, params: { id: gone.id } });
      const res = await ctx.app.request("/api/export", {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: JSON.stringify({ includeTrash: true }),
      });
      expect(res.status).toBe(200);
      const { unzipSync, strFromU8 } = await import("fflate");
      const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await res.arrayBuffer()))["data.json"]!));
      expect(data.ideas).toEqual([]);
      expect(data.trash).toMatchObject([
        {
          type: "idea",
          id: gone.id,
          item: { idea: { id: gone.id, content: "删掉但想带走的想法" }, versions: [] },
        },
      ]);
    });

    it("a capture replayed while its idea is in the trash answers 410; restored, it is the idea again", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const made = await idea(u, "离线记的", { clientId });
      await request(ctx, "deleteIdea", { token: u.token, params: { id: made.id } });
      const replay = () =>
        request(ctx, "createIdea", { token: u.token, body: { content: "离线记的", clientId } });
      expect((await replay()).status).toBe(410);
      await request(ctx, "restoreFromTrash", { token: u.token, params: { id: made.id } });
      const again = await replay();
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(made.id);
    });

    it("deleting for good: one item, the whole trash, and whatever is older than the keeping time", async () => {
      const u = await registerUser(ctx);
      const [a, b, c, d] = [
        await idea(u, "甲"),
        await idea(u, "乙"),
        await idea(u, "丙"),
        await idea(u, "丁"),
      ];
      for (const i of [a, b, c]) await request(ctx, "deleteIdea", { token: u.token, params: { id: i.id } });
      expect((await request(ctx, "deleteFromTrash", { token: u.token, params: { id: a.id } })).status).toBe(
        200,
      );
      expect((await request(ctx, "restoreFromTrash", { token: u.token, params: { id: a.id } })).status).toBe(
        404,
      );
      // older than 30 days: the daily purge takes it, not what was deleted since
      await ctx.db.query("UPDATE trash SET deleted_at = now() - interval '31 days' WHERE id = $1", [b.id]);
      await purgeTrash(ctx.db, { olderThanDays: 30 });
      expect((await trash(u)).map((t: { id: string }) => t.id)).toEqual([c.id]);
      await request(ctx, "deleteIdea", { token: u.token, params: { id: d.id } });
      const emptied = await request(ctx, "emptyTrash", { token: u.token });
      expect(emptied.body.data).toEqual({ deleted: 2 });
      expect(await trash(u)).toEqual([]);
    });

    it("another account can neither see, restore nor delete what is in someone's trash", async () => {
      const [owner, stranger] = [await registerUser(ctx), await registerUser(ctx)];
      const made = await idea(owner, "我的想法");
      await request(ctx, "deleteIdea", { token: owner.token, params: { id: made.id } });
      expect(await trash(stranger)).toEqual([]);
      for (const name of ["restoreFromTrash", "deleteFromTrash"] as const) {
        expect((await request(ctx, name, { token: stranger.token, params: { id: made.id } })).status).toBe(
          404,
        );
      }
      expect((await request(ctx, "emptyTrash", { token: stranger.token })).body.data).toEqual({ deleted: 0 });
      expect(await trash(owner)).toHaveLength(1);
    });
  });
});

onOneDatabase(
  (ctx) => {
    it("says how long it keeps an item: the operator's TRASH_DAYS, which the app shows on /trash", async () => {
      const u = await registerUser(ctx);
      const made = (await request(ctx, "createIdea", { token: u.token, body: { content: "一周后彻底删除" } }))
        .body.data;
      await request(ctx, "deleteIdea", { token: u.token, params: { id: made.id } });
      const listed = (await request(ctx, "listTrash", { token: u.token })).body.data;
      expect(listed.keepDays).toBe(7);
      const [item] = listed.items;
      expect(Date.parse(item!.purgeAt) - Date.parse(item!.deletedAt)).toBe(7 * 86_400_000);
    });
  },
  {},
  { trashDays: 7 },
);

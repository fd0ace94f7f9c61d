// POST /api/items/edits (多选's 撤销): several ordinary edits in one transaction, all or none.
import { describe, expect, it } from "vitest";
import { forEachDatabase, registerUser, request } from "../helpers.ts";

forEachDatabase((ctx) => {
  describe("editing several items at once", () => {
    it("changes every item, or, when one was edited elsewhere, none", async () => {
      const u = await registerUser(ctx);
      const token = u.token;
      const a = (await request(ctx, "createIdea", { token, body: { content: "早上跑步 #跑步" } })).body.data;
      const b = (await request(ctx, "createIdea", { token, body: { content: "读了十页书" } })).body.data;
      const n = (await request(ctx, "createNote", { token, body: { title: "训练", content: "慢跑" } })).body
        .data;
      const edits = [
        { type: "idea" as const, id: a.id, tags: [], content: "早上跑步", baseUpdatedAt: a.updatedAt },
        { type: "idea" as const, id: b.id, tags: ["读书"], baseUpdatedAt: b.updatedAt },
        {
          type: "note" as const,
          id: n.id,
          tags: ["训练"],
          content: "慢跑 #晨间",
          baseUpdatedAt: n.updatedAt,
        },
      ];
      // b edited elsewhere after the list was loaded: nothing changes, a included
      const elsewhere = await request(ctx, "updateIdea", {
        token,
        params: { id: b.id },
        body: { content: "读了二十页书" },
      });
      const refused = await request(ctx, "editItems", { token, body: { edits } });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("有内容已在别处修改过，这次什么都没有改");
      const idea = async (id: string) => (await request(ctx, "getIdea", { token, params: { id } })).body.data;
      expect(await idea(a.id)).toMatchObject({ content: "早上跑步 #跑步", tags: ["跑步"] });

      edits[1]!.baseUpdatedAt = elsewhere.body.data.updatedAt;
      const done = await request(ctx, "editItems", { token, body: { edits } });
      expect(done.status).toBe(200);
      expect(done.body.data).toEqual({ count: 3 });
      expect(await idea(a.id)).toMatchObject({ content: "早上跑步", tags: [] });
      expect(await idea(b.id)).toMatchObject({ content: "读了二十页书", tags: ["读书"] });
      const note = (await request(ctx, "getNote", { token, params: { id: n.id } })).body.data;
      expect(note).toMatchObject({ content: "慢跑 #晨间", tags: ["训练", "晨间"] });

      // another person's item: 404, and nothing of theirs changes
      const other = await registerUser(ctx);
      const foreign = await request(ctx, "editItems", {
        token: other.token,
        body: { edits: [{ type: "idea", id: b.id, tags: [], baseUpdatedAt: new Date().toISOString() }] },
      });
      expect(foreign.status).toBe(404);
      expect((await idea(b.id)).tags).toEqual(["读书"]);
    });

    it("refuses the same item twice in one request, changing nothing", async () => {
      const { token } = await registerUser(ctx);
      const a = (await request(ctx, "createIdea", { token, body: { content: "早上跑步" } })).body.data;
      const twice = await request(ctx, "editItems", {
        token,
        body: {
          edits: [
            { type: "idea", id: a.id, tags: ["跑步"], baseUpdatedAt: a.updatedAt },
            { type: "idea", id: a.id, tags: ["晨跑"], baseUpdatedAt: a.updatedAt },
          ],
        },
      });
      expect(twice.status).toBe(400);
      expect(JSON.stringify(twice.body)).toContain("同一条内容不能在一次修改里出现两次");
      expect((await request(ctx, "getIdea", { token, params: { id: a.id } })).body.data.tags).toEqual([]);
    });
  });
});

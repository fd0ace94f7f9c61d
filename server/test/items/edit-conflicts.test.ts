import { describe, expect, it } from "vitest";
import { forEachDatabase, registerUser, request } from "../helpers.ts";

forEachDatabase((ctx) => {
  describe("edit conflicts: an update made on an older version", () => {
    it("of an idea is refused with 409 and the current version, and changes nothing", async () => {
      const u = await registerUser(ctx);
      const made = (await request(ctx, "createIdea", { token: u.token, body: { content: "第一版" } })).body
        .data;
      const params = { id: made.id };
      // Tab A saves on the version both tabs opened.
      const a = await request(ctx, "updateIdea", {
        token: u.token,
        params,
        body: { content: "A 标签页的修改", baseUpdatedAt: made.updatedAt },
      });
      expect(a.status).toBe(200);
      // Tab B still holds that version.
      const b = await request(ctx, "updateIdea", {
        token: u.token,
        params,
        body: { content: "B 标签页的修改", baseUpdatedAt: made.updatedAt },
      });
      expect(b.status).toBe(409);
      expect(b.body).toMatchObject({ success: false, code: "CONFLICT", message: "这条想法已在别处修改过" });
      expect(b.body.data).toMatchObject({
        id: made.id,
        content: "A 标签页的修改",
        updatedAt: a.body.data.updatedAt,
      });
      expect((await request(ctx, "getIdea", { token: u.token, params })).body.data.content).toBe(
        "A 标签页的修改",
      );

      // On the current version, or without one (API clients as before), the edit applies.
      const again = await request(ctx, "updateIdea", {
        token: u.token,
        params,
        body: { content: "B 看过 A 之后的修改", baseUpdatedAt: a.body.data.updatedAt },
      });
      expect(again.status).toBe(200);
      const blind = await request(ctx, "updateIdea", { token: u.token, params, body: { pinned: true } });
      expect(blind.status).toBe(200);
    });

    it("of a note likewise", async () => {
      const u = await registerUser(ctx);
      const made = (
        await request(ctx, "createNote", { token: u.token, body: { title: "笔记", content: "第一版" } })
      ).body.data;
      const params = { id: made.id };
      const a = await request(ctx, "updateNote", {
        token: u.token,
        params,
        body: { content: "手机上的修改", baseUpdatedAt: made.updatedAt },
      });
      expect(a.status).toBe(200);
      const b = await request(ctx, "updateNote", {
        token: u.token,
        params,
        body: { content: "电脑上的修改", baseUpdatedAt: made.updatedAt },
      });
      expect(b.status).toBe(409);
      expect(b.body).toMatchObject({ code: "CONFLICT", message: "这篇笔记已在别处修改过" });
      expect(b.body.data).toMatchObject({ id: made.id, content: "手机上的修改" });
      expect((await request(ctx, "getNote", { token: u.token, params })).body.data.content).toBe(
        "手机上的修改",
      );
    });

    it("a version alone is not an edit", async () => {
      const u = await registerUser(ctx);
      const made = (await request(ctx, "createIdea", { token: u.token, body: { content: "想法" } })).body
        .data;
      const res = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: made.id },
        body: { baseUpdatedAt: made.updatedAt },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("没有需要更新的内容");
    });
  });
});

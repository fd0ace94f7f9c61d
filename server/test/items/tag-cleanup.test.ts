import { TAG_CLEANUP_SINGLETONS_MAX } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { forEachDatabase, registerUser, request, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  const idea = async (u: TestUser, tags: string[]) => {
    const res = await request(ctx, "createIdea", { token: u.token, body: { content: "想法", tags } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  const cleanup = async (u: TestUser) => {
    const res = await request(ctx, "tagCleanup", { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  describe("标签整理", () => {
    it("groups tags that differ only in 繁简, width, case or trailing punctuation, the most used first", async () => {
      const u = await registerUser(ctx);
      await idea(u, ["读书", "Ｒｅａｄ"]);
      await idea(u, ["读书", "read"]);
      await idea(u, ["读书", "read"]);
      await idea(u, ["讀書", "旅行"]);
      await idea(u, ["读书。", "旅行"]);
      await idea(u, ["阅读", "旅行"]);

      const { groups } = await cleanup(u);
      expect(groups).toEqual([
        {
          tags: [
            { name: "读书", count: 3 },
            { name: "讀書", count: 1 },
            { name: "读书。", count: 1 },
          ],
        },
        {
          tags: [
            { name: "read", count: 2 },
            { name: "Ｒｅａｄ", count: 1 },
          ],
        },
      ]);
    });

    it("puts the plain spelling first among tags used as often, as the one merged into by default", async () => {
      const u = await registerUser(ctx);
      await idea(u, ["讀書", "Ｒｅａｄ"]);
      await idea(u, ["读书", "Read"]);
      const names = (await cleanup(u)).groups.map((g) => g.tags.map((t) => t.name));
      // 讀 (U+8B80) sorts before 读 (U+8BFB) and Ｒ after R: the order is not the code points'
      expect(names).toEqual([
        ["读书", "讀書"],
        ["Read", "Ｒｅａｄ"],
      ]);
    });

    it("lists the tags only one item carries, in pinyin order, leaving out grouped ones and parents", async () => {
      const u = await registerUser(ctx);
      await idea(u, ["旅行", "摄影/胶片"]);
      await idea(u, ["旅行", "读书", "阅读"]);
      await idea(u, ["讀書"]);
      await idea(u, ["读书"]);

      // 摄影 counts only its child's one item: renaming 摄影/胶片 is what tidies it; 讀書 is in a group
      expect((await cleanup(u)).singletons).toEqual(["摄影/胶片", "阅读"]);
    });

    it("shows nothing of another account's tags, and an empty account nothing at all", async () => {
      const a = await registerUser(ctx);
      const b = await registerUser(ctx);
      await idea(a, ["读书", "私事"]);
      await idea(a, ["讀書"]);
      expect(await cleanup(b)).toEqual({ groups: [], singletons: [] });

      await idea(b, ["读书。"]);
      const seen = await cleanup(b);
      expect(seen).toEqual({ groups: [], singletons: ["读书。"] });
      expect(JSON.stringify(await cleanup(a))).not.toContain("读书。");
    });

    it("is gone once the group is merged with the existing rename", async () => {
      const u = await registerUser(ctx);
      await idea(u, ["读书", "旅行"]);
      await idea(u, ["读书", "旅行"]);
      await idea(u, ["讀書"]);
      const merged = await request(ctx, "renameTag", { token: u.token, body: { from: "讀書", to: "读书" } });
      expect(merged.status).toBe(200);
      expect(await cleanup(u)).toEqual({ groups: [], singletons: [] });
    });

    it(`lists at most ${TAG_CLEANUP_SINGLETONS_MAX} singletons`, async () => {
      const u = await registerUser(ctx);
      const tags = Array.from({ length: TAG_CLEANUP_SINGLETONS_MAX + 5 }, (_, i) => `标签${i}`);
      // straight into the table: the triggers keep the counts, as for a capture
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, tags)
         SELECT $1, '想法', '想法', ARRAY[t] FROM unnest($2::text[]) AS t`,
        [u.id, tags],
      );
      expect((await cleanup(u)).singletons).toHaveLength(TAG_CLEANUP_SINGLETONS_MAX);
    });

    it("asks for a session", async () => {
      expect((await request(ctx, "tagCleanup", {})).status).toBe(401);
    });
  });
});

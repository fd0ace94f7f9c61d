import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ideaVector, noteVector } from "../../src/search/words.ts";
import { call, forEachDatabase, registerUser, type TestCtx, type TestUser } from "../helpers.ts";
import { flomoPage } from "./flomo-fixture.ts";
import { imported } from "./helpers.ts";

const search = async (ctx: TestCtx, u: TestUser, q: string) => {
  const res = await call(ctx, "GET", `/api/search?q=${encodeURIComponent(q)}`, { token: u.token });
  expect(res.status).toBe(200);
  return (res.body.data.items as { id: string }[]).map((i) => i.id);
};

// The import's thread asks the main thread for its items' search words (import/search-words.ts):
// what it stores must be what saving the same item makes, pinyin and 繁简 included.
forEachDatabase((ctx) => {
  describe("search words of imported items", () => {
    it("finds an imported idea by its tag's pinyin and by 繁体 or 简体, and a note by its title's pinyin", async () => {
      const u = await registerUser(ctx);
      const flomo = zipSync({
        "flomo@小明-20240301/index.html": strToU8(
          flomoPage([{ time: "2024-01-02 08:30:00", content: "<p>整理一下時間管理的方法 #咖啡/拉花</p>" }]),
        ),
      });
      const markdown = zipSync({
        "读书笔记.md": strToU8("---\ntitle: 读书笔记\ntags: [陶艺]\n---\n\n今天读完了一本小说"),
        // past 20,000 characters: its words are made in the text-index pool's threads
        "长篇.md": strToU8(`${"今天天气很好。".repeat(3_000)}最後一句`),
      });
      const first = await imported(ctx, u, [{ name: "flomo.zip", bytes: flomo }]);
      expect(first.status).toMatchObject({ status: "done", imported: { ideas: 1 } });
      const second = await imported(ctx, u, [{ name: "notes.zip", bytes: markdown }]);
      expect(second.status).toMatchObject({ status: "done", imported: { notes: 2 } });

      const idea = (await ctx.db.query("SELECT * FROM ideas WHERE user_id = $1", [u.id])).rows[0];
      const notes = (await ctx.db.query("SELECT * FROM notes WHERE user_id = $1", [u.id])).rows;
      const note = notes.find((n) => n.title === "读书笔记");
      const long = notes.find((n) => n.title === "长篇");
      expect(idea.tags).toEqual(["咖啡/拉花"]);
      for (const q of ["kafei", "kf", "lahua", "時間管理", "时间管理"]) {
        expect(await search(ctx, u, q), q).toEqual([idea.id]);
      }
      for (const q of ["dushubiji", "dsbj", "taoyi", "讀書"]) {
        expect(await search(ctx, u, q), q).toEqual([note.id]);
      }

      // exactly the words a save makes
      const asSaved = async (literal: string) =>
        (await ctx.db.query("SELECT $1::tsvector::text AS v", [literal])).rows[0].v;
      const stored = async (table: string, id: string) =>
        (await ctx.db.query(`SELECT search::text AS v FROM ${table} WHERE id = $1`, [id])).rows[0].v;
      expect(await stored("ideas", idea.id)).toBe(
        await asSaved(await ideaVector({ ...idea, originalContent: idea.original_content })),
      );
      expect(await stored("notes", note.id)).toBe(await asSaved(await noteVector(note)));
      expect(await search(ctx, u, "最后一句")).toEqual([long.id]);
      expect(await stored("notes", long.id)).toBe(await asSaved(await noteVector(long)));
    });
  });
});

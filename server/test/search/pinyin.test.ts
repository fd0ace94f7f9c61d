import { describe, expect, it } from "vitest";
import { retrieveSources } from "../../src/ai/grounding.ts";
import { tx } from "../../src/db/pool.ts";
import { outdatedRows, SEARCH_WORDS_VERSION, writeRebuilt } from "../../src/search/reindex.store.ts";
import { reindexBatch } from "../../src/search/reindex.ts";
import { toTsvectorLiteral } from "../../src/search/words.ts";
import { call, forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

type Found = { id: string; snippet: string; highlights: { start: number; end: number }[] };

const search = async (ctx: TestCtx, u: TestUser, q: string) => {
  const res = await call(ctx, "GET", `/api/search?q=${encodeURIComponent(q)}`, { token: u.token });
  expect(res.status).toBe(200);
  expect(res.body.data.meaning).toBe("off"); // no embeddings model here: words only, and said so
  return res.body.data.items as Found[];
};
const ids = (items: { id: string }[]) => items.map((i) => i.id);

forEachDatabase((ctx) => {
  describe("pinyin and 繁体/简体 in search", () => {
    it("finds titles and tags by full pinyin and initials, ranked below the items that hold the letters", async () => {
      const u = await registerUser(ctx);
      const note = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "咖啡拉花练习", content: "奶泡要打得细一点" },
      });
      const tagged = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "看完了一本小说", tags: ["读书"] },
      });
      const literal = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "教朋友用拼音 kafei 打字" },
      });
      await request(ctx, "createIdea", { token: u.token, body: { content: "今天在图书馆学习" } });

      // the letters themselves (content, weight B) first, then the title that sounds like them
      const kafei = await search(ctx, u, "kafei");
      expect(ids(kafei)).toEqual([literal.body.data.id, note.body.data.id]);
      // the snippet shows and marks what the letters stood for
      const marked = (i: Found) => i.highlights.map((h) => i.snippet.slice(h.start, h.end));
      expect(kafei.map(marked)).toEqual([["kafei"], ["咖啡"]]);
      expect(ids(await search(ctx, u, "KF"))).toEqual([note.body.data.id]);
      expect(ids(await search(ctx, u, "kflhlx"))).toEqual([note.body.data.id]);
      const dushu = await search(ctx, u, "#dushu");
      expect(ids(dushu)).toEqual([tagged.body.data.id]);
      expect(dushu.map(marked)).toEqual([["读书"]]);
      expect(ids(await search(ctx, u, "ds"))).toEqual([tagged.body.data.id]);
      // a renamed tag is found by its new name's pinyin
      await request(ctx, "renameTag", { token: u.token, body: { from: "读书", to: "阅读" } });
      expect(ids(await search(ctx, u, "yuedu"))).toEqual([tagged.body.data.id]);
      // a text's words by their full pinyin only: 图书馆 is tushuguan, never tsg
      const library = await search(ctx, u, "tushuguan");
      expect(library.map(marked)).toEqual([["图书馆"]]);
      expect(await search(ctx, u, "tsg")).toEqual([]);
    });

    it("finds an idea whose text says 跑步 by paobu, and marks the word", async () => {
      const u = await registerUser(ctx);
      const run = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "今天早上绕着西湖跑步，配速六分钟" },
      });
      await request(ctx, "createIdea", { token: u.token, body: { content: "晚上泡了一壶茶" } });
      const found = await search(ctx, u, "paobu");
      expect(ids(found)).toEqual([run.body.data.id]);
      expect(found[0]!.highlights.map((h) => found[0]!.snippet.slice(h.start, h.end))).toEqual(["跑步"]);
      // a word of the everyday lexicon that the segmenter splits (配|速) is found whole
      expect(ids(await search(ctx, u, "peisu"))).toEqual([run.body.data.id]);
      // one syllable is no word: pao finds neither 跑 nor 泡
      expect(await search(ctx, u, "pao")).toEqual([]);
    });

    it("matches 繁体 and 简体 both ways, keeps each item's own characters and highlights them", async () => {
      const u = await registerUser(ctx);
      const trad = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "整理一下時間管理的方法" },
      });
      const simp = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "时间管理", content: "番茄工作法很好用" },
      });
      for (const q of ["时间管理", "時間管理"]) {
        const items = await search(ctx, u, q);
        expect(ids(items).sort()).toEqual([trad.body.data.id, simp.body.data.id].sort());
        const hit = items.find((i) => i.id === trad.body.data.id)!;
        expect(hit.snippet).toBe("整理一下時間管理的方法");
        expect(hit.highlights.map((h) => hit.snippet.slice(h.start, h.end))).toEqual(["時間管理"]);
      }
    });

    it("grounds the assistant on items in either script", async () => {
      const u = await registerUser(ctx);
      const trad = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "每天早起讀書半小時" },
      });
      const simp = await request(ctx, "createIdea", { token: u.token, body: { content: "周末去书店读书" } });
      await request(ctx, "createIdea", { token: u.token, body: { content: "晚上去跑步" } });
      for (const question of ["我关于读书写过什么", "我關於讀書寫過什麼"]) {
        const { sources, recent } = await retrieveSources(ctx.db, u.id, question, 4_000);
        expect(recent).toBe(false);
        expect(ids(sources).sort()).toEqual([trad.body.data.id, simp.body.data.id].sort());
      }
    });

    it("rebuilds search words made before pinyin in the background's batches", {
      timeout: 60_000,
    }, async () => {
      const u = await registerUser(ctx);
      const idea = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "新买的书", tags: ["读书"] },
      });
      // as an older server indexed it: no pinyin, marked outdated (migration 020)
      const before = toTsvectorLiteral([
        { text: "读书", weight: "A" },
        { text: "新买的书", weight: "B" },
      ]);
      await ctx.db.query("UPDATE ideas SET search = $2::tsvector, search_version = 0 WHERE id = $1", [
        idea.body.data.id,
        before,
      ]);
      expect(await search(ctx, u, "dushu")).toEqual([]);

      // batches until this row is rebuilt: other files' rows may be outdated too, or locked by their
      // writers (skipped, so a batch may rebuild none), and the app's own rebuild may hold the lock
      const version = async () =>
        (await ctx.db.query("SELECT search_version FROM ideas WHERE id = $1", [idea.body.data.id])).rows[0]
          .search_version;
      for (let i = 0; i < 300 && (await version()) !== SEARCH_WORDS_VERSION; i++) {
        if ((await reindexBatch(ctx.db, "ideas", 50)) === "busy") await new Promise((r) => setTimeout(r, 50));
      }
      expect(await version()).toBe(SEARCH_WORDS_VERSION);
      expect(ids(await search(ctx, u, "dushu"))).toEqual([idea.body.data.id]);
    });

    it("marks a row inserted without its words' version (an older process, mid-restart) for rebuilding", async () => {
      const u = await registerUser(ctx);
      const current = await request(ctx, "createIdea", { token: u.token, body: { content: "新进程写的" } });
      const old = await ctx.db.query(
        "INSERT INTO ideas (user_id, original_content, content, search) VALUES ($1, 'x', 'x', ''::tsvector) RETURNING id",
        [u.id],
      );
      const { rows } = await ctx.db.query(
        "SELECT id, search_version FROM ideas WHERE id = ANY($1::uuid[]) ORDER BY search_version",
        [[current.body.data.id, old.rows[0].id]],
      );
      expect(rows).toEqual([
        { id: old.rows[0].id, search_version: 0 },
        { id: current.body.data.id, search_version: SEARCH_WORDS_VERSION },
      ]);
    });

    it("never writes rebuilt words over a row edited since the rebuild read it", async () => {
      const u = await registerUser(ctx);
      const idea = await request(ctx, "createIdea", { token: u.token, body: { content: "旧的内容" } });
      const id = idea.body.data.id;
      await ctx.db.query("UPDATE ideas SET search_version = 0 WHERE id = $1", [id]);
      const read = (await tx(ctx.db, (c) => outdatedRows(c, "ideas", 10_000))).find((r) => r.id === id)!;
      await request(ctx, "updateIdea", { params: { id }, token: u.token, body: { content: "新的咖啡" } });
      const stale = toTsvectorLiteral([{ text: read.content, weight: "B" }]);
      const written = await tx(ctx.db, (c) =>
        writeRebuilt(c, "ideas", [{ id, rowVersion: read.row_version, search: stale }]),
      );
      expect(written).toBe(0);
      expect(ids(await search(ctx, u, "咖啡"))).toEqual([id]);
    });
  });
});

import { describe, expect, it } from "vitest";
import { highlight } from "../../src/search/search.ts";
import { toTsqueryLiteral, toTsvectorLiteral } from "../../src/search/words.ts";
import { call, forEachDatabase, indexPlan, registerUser, request } from "../helpers.ts";

describe("search tokens", () => {
  it("segments Chinese into words and quotes lexemes safely", () => {
    expect(toTsqueryLiteral("产品设计")).toBe("'产品' & '设计'");
    expect(toTsqueryLiteral("，。！")).toBeNull();
    expect(toTsvectorLiteral([{ text: "it's 好的", weight: "A" }])).toBe("'it''s':1A '好的':2A");
  });
  it("merges overlapping highlight ranges", () => {
    expect(highlight("产品设计和产品", ["产品设计", "产品", "设计"])).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 7 },
    ]);
  });
  it("highlights full-width letters and digits as the index matched them, in original positions", () => {
    const snippet = "…新买的ｉＰｈｏｎｅ，２０２６年用";
    const ranges = highlight(snippet, ["iphone", "2026"], 1);
    expect(ranges.map((r) => snippet.slice(r.start, r.end))).toEqual(["ｉＰｈｏｎｅ", "２０２６"]);
    // "…" folds to three dots: positions after it still point into the original
    expect(highlight("…ABC", ["abc"], 1)).toEqual([{ start: 1, end: 4 }]);
  });
});

forEachDatabase((ctx) => {
  describe("GET /api/search", () => {
    it("finds Chinese words in contents, titles, originals and tags, ranked, with snippets and highlights", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const post = (token: string, path: string, body: unknown) => call(ctx, "POST", path, { token, body });
      const a = await post(u.token, "/api/ideas", { content: "今天想到一个关于产品设计的好点子" });
      await post(u.token, "/api/ideas", { content: "周末去爬山，天气很好" });
      const t = await post(u.token, "/api/ideas", { content: "随手记", tags: ["设计"] });
      const n = await post(u.token, "/api/notes", { title: "设计原则", content: "少即是多" });
      const tidied = await post(u.token, "/api/ideas", { content: "想学咖啡拉花" });
      await request(ctx, "updateIdea", {
        params: { id: tidied.body.data.id },
        token: u.token,
        body: { content: "学习拉花技巧" },
      });
      await post(other.token, "/api/ideas", { content: "别人的产品设计秘密" });

      const res = await call(ctx, "GET", `/api/search?q=${encodeURIComponent("设计")}`, { token: u.token });
      expect(res.status).toBe(200);
      const items = res.body.data.items as {
        id: string;
        type: string;
        title: string;
        snippet: string;
        highlights: { start: number; end: number }[];
      }[];
      expect(items.map((i) => i.id).sort()).toEqual([a.body.data.id, t.body.data.id, n.body.data.id].sort());
      // the title match (weight A) ranks above a content match (weight B)
      expect(items.findIndex((i) => i.id === n.body.data.id)).toBeLessThan(
        items.findIndex((i) => i.id === a.body.data.id),
      );
      const hit = items.find((i) => i.id === a.body.data.id)!;
      expect(hit.type).toBe("idea");
      expect(hit.title).toBe("今天想到一个关于产品设计的好点子");
      expect(hit.highlights.map((h) => hit.snippet.slice(h.start, h.end))).toEqual(["设计"]);

      // the original text is searchable after the content was tidied
      const orig = await call(ctx, "GET", `/api/search?q=${encodeURIComponent("咖啡")}`, { token: u.token });
      expect(orig.body.data.items.map((i: { id: string }) => i.id)).toEqual([tidied.body.data.id]);
      // another user's words are never found
      const secret = await call(ctx, "GET", `/api/search?q=${encodeURIComponent("秘密")}`, {
        token: u.token,
      });
      expect(secret.body.data.items).toEqual([]);
    });

    it("finds full-width text with a half-width query and highlights it where it stands", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "createIdea", {
        token: u.token,
        body: { content: `${"很长的开头，".repeat(30)}今天换了新的ＩＰＨＯＮＥ，２０２６年用到现在` },
      });
      const res = await call(ctx, "GET", `/api/search?q=${encodeURIComponent("iPhone")}`, { token: u.token });
      const [hit] = res.body.data.items;
      expect(hit.snippet.startsWith("…")).toBe(true); // the window moved to the match
      expect(
        hit.highlights.map((h: { start: number; end: number }) => hit.snippet.slice(h.start, h.end)),
      ).toEqual(["ＩＰＨＯＮＥ"]);
    });

    it("falls back to substring matching for words the segmenter splits differently", async () => {
      const u = await registerUser(ctx);
      const idea = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "拾念App真好用，推荐给朋友" },
      });
      const res = await call(ctx, "GET", `/api/search?q=${encodeURIComponent("念app")}`, { token: u.token });
      expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual([idea.body.data.id]);
      const item = res.body.data.items[0];
      expect(item.snippet.slice(item.highlights[0].start, item.highlights[0].end).toLowerCase()).toBe(
        "念app",
      );
    });

    it("finds Chinese substrings the word index misses in originals and tags", async () => {
      const u = await registerUser(ctx);
      // segmented 周末|断|舍|离了|…: the words 舍 and 离 of the query 舍离 are not both in it
      const idea = await request(ctx, "createIdea", {
        token: u.token,
        body: { content: "周末断舍离了一整天" },
      });
      await request(ctx, "updateIdea", {
        params: { id: idea.body.data.id },
        token: u.token,
        body: { content: "整理房间" },
      });
      const note = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "方法", content: "专注二十五分钟", tags: ["番茄钟工作法"] },
      });
      const ids = async (q: string) =>
        (
          await call(ctx, "GET", `/api/search?q=${encodeURIComponent(q)}`, { token: u.token })
        ).body.data.items.map((i: { id: string }) => i.id);
      expect(await ids("舍离")).toEqual([idea.body.data.id]);
      expect(await ids("茄钟")).toEqual([note.body.data.id]);
      expect(await ids("离开")).toEqual([]);
    });

    it("finds every space-separated part of a query the segmenter splits differently, after the word hits", async () => {
      const u = await registerUser(ctx);
      const create = async (route: "createIdea" | "createNote", body: Record<string, unknown>) =>
        (await request(ctx, route, { token: u.token, body: body as never })).body.data.id as string;
      // oldest first: the word hit stays on top of newer substring hits
      const words = await create("createIdea", { content: "今天下雨，电动车没电了" });
      // 下雨天 is one word here: the query's 下雨 is only a substring of it
      const inOneText = await create("createIdea", { content: "下雨天骑电动车上班" });
      const acrossFields = await create("createNote", { title: "下雨天", content: "骑电动车要穿雨衣" });
      await create("createIdea", { content: "下雨天在家看书" }); // one part only
      await create("createIdea", { content: "电动车该换电池了" });
      const ids = async (q: string) =>
        (
          await call(ctx, "GET", `/api/search?q=${encodeURIComponent(q)}`, { token: u.token })
        ).body.data.items.map((i: { id: string }) => i.id);
      expect(await ids("电动车 下雨")).toEqual([words, acrossFields, inOneText]);
      expect(await ids("下雨　电动车")).toEqual([words, acrossFields, inOneText]); // a full-width space
      expect(await ids("电动车 下雪")).toEqual([]);
    });

    it("answers an empty list for a blank query, 400 for bad input, 401 without a token", async () => {
      const u = await registerUser(ctx);
      expect((await call(ctx, "GET", "/api/search?q=%20%20", { token: u.token })).body.data.items).toEqual(
        [],
      );
      expect((await request(ctx, "search", { token: u.token })).status).toBe(400);
      expect((await call(ctx, "GET", `/api/search?q=${"长".repeat(101)}`, { token: u.token })).status).toBe(
        400,
      );
      expect((await call(ctx, "GET", "/api/search?q=x&sort=1", { token: u.token })).status).toBe(400);
      expect((await call(ctx, "GET", "/api/search?q=x")).status).toBe(401);
    });

    it("uses the GIN index for word matches", async () => {
      expect(await indexPlan(ctx, "SELECT id FROM ideas WHERE search @@ '''设计'''::tsquery")).toContain(
        "ideas_search",
      );
    });
  });
});

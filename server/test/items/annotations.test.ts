import { randomUUID } from "node:crypto";
import { ANNOTATIONS_PER_IDEA_MAX } from "@shinian/contract";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { purgeTrash } from "../../src/items/trash.store.ts";
import { beijingDay } from "../../src/shared/beijing-time.ts";
import { askAll, newConversation, withProvider } from "../ai/helpers.ts";
import { tokens } from "../fake-provider.ts";
import {
  exportZip,
  forEachDatabase,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
} from "../helpers.ts";
import { imported } from "../import/helpers.ts";

type Annotation = { id: string; content: string; createdAt: string };

const newIdea = async (ctx: TestCtx, u: TestUser, content = "周末去学陶艺") =>
  (await request(ctx, "createIdea", { token: u.token, body: { content } })).body.data as {
    id: string;
    tags: string[];
    updatedAt: string;
  };

const annotate = (ctx: TestCtx, u: TestUser, id: string, body: Record<string, unknown>) =>
  request(ctx, "createAnnotation", { token: u.token, params: { id }, body: body as { content: string } });

const thread = async (ctx: TestCtx, u: TestUser, id: string) => {
  const res = await request(ctx, "listAnnotations", { token: u.token, params: { id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { items: Annotation[] }).items;
};

const countOf = async (ctx: TestCtx, u: TestUser, id: string) =>
  (await request(ctx, "getIdea", { token: u.token, params: { id } })).body.data.annotationCount;

forEachDatabase((ctx) => {
  const ai = withProvider(ctx, () => ({ kind: "stream", chunks: tokens("好的。", 3) }));

  describe("批注 (annotations)", () => {
    it("appends dated follow-ups, listed oldest first, counted on the idea and in the feed", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      expect(await thread(ctx, u, idea.id)).toEqual([]);
      const first = await annotate(ctx, u, idea.id, { content: "第一次上课，捏坏了三个杯子" });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body.message).toBe("批注已保存");
      const second = await annotate(ctx, u, idea.id, { content: "第二次终于成形" });
      const items = await thread(ctx, u, idea.id);
      expect(items.map((a) => a.content)).toEqual(["第一次上课，捏坏了三个杯子", "第二次终于成形"]);
      expect(items.map((a) => a.id)).toEqual([first.body.data.id, second.body.data.id]);
      expect(items[0]!.createdAt <= items[1]!.createdAt).toBe(true);

      expect(await countOf(ctx, u, idea.id)).toBe(2);
      const other = await newIdea(ctx, u, "另一条想法");
      const feed = (await request(ctx, "feed", { token: u.token, query: {} })).body.data.items;
      expect(feed.map((i) => [i.id, i.type === "idea" && i.annotationCount])).toEqual([
        [other.id, 0],
        [idea.id, 2],
      ]);
      const list = (await request(ctx, "listIdeas", { token: u.token, query: {} })).body.data.items;
      expect(list.map((i) => i.annotationCount)).toEqual([0, 2]);
    });

    it("a repeat of a clientId (the offline queue sending again) makes nothing and answers the first", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const clientId = randomUUID();
      const capturedAt = new Date(Date.now() - 60_000).toISOString();
      const first = await annotate(ctx, u, idea.id, { content: "离线时写下的批注", clientId, capturedAt });
      expect(first.status).toBe(201);
      const again = await annotate(ctx, u, idea.id, { content: "离线时写下的批注", clientId, capturedAt });
      expect(again.status).toBe(200);
      expect(again.body.message).toBe("这条批注已保存过");
      expect(again.body.data).toEqual(first.body.data);
      expect((await thread(ctx, u, idea.id)).length).toBe(1);
      // written offline a minute ago: dated then, not when it arrived (never before its idea)
      const at = new Date(first.body.data.createdAt).getTime();
      const ideaAt = new Date(idea.updatedAt).getTime();
      expect(at).toBeGreaterThanOrEqual(Math.max(ideaAt, new Date(capturedAt).getTime()));
    });

    it("adds its #标签 to the idea, as a capture does, and the idea counts as changed", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      await annotate(ctx, u, idea.id, { content: "想买一台拉坯机 #手作/陶艺" });
      const after = (await request(ctx, "getIdea", { token: u.token, params: { id: idea.id } })).body.data;
      expect(after.tags).toEqual(["手作/陶艺"]);
      expect(after.updatedAt > idea.updatedAt).toBe(true);
      const tagged = await request(ctx, "feed", { token: u.token, query: { tag: "手作" } });
      expect(tagged.body.data.items.map((i: { id: string }) => i.id)).toEqual([idea.id]);
    });

    it("another account's idea never resolves: 404 for both calls, and nothing is written", async () => {
      const owner = await registerUser(ctx);
      const stranger = await registerUser(ctx);
      const idea = await newIdea(ctx, owner);
      await annotate(ctx, owner, idea.id, { content: "只有我能看" });
      const list = await request(ctx, "listAnnotations", { token: stranger.token, params: { id: idea.id } });
      expect(list.status).toBe(404);
      expect(list.body.message).toBe("想法不存在");
      const post = await annotate(ctx, stranger, idea.id, { content: "我来插一句" });
      expect(post.status).toBe(404);
      const missing = await annotate(ctx, owner, randomUUID(), { content: "没有这条想法" });
      expect(missing.status).toBe(404);
      expect((await thread(ctx, owner, idea.id)).map((a) => a.content)).toEqual(["只有我能看"]);
    });

    it("refuses bad input in Chinese and changes nothing", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const cases: [Record<string, unknown>, string][] = [
        [{ content: "   " }, "批注内容不能为空"],
        [{}, "请输入批注内容"],
        [{ content: "字".repeat(10_001) }, "批注最多 10000 个字符"],
        [{ content: "好", clientId: "not-a-uuid" }, "clientId 须为 UUID"],
        [{ content: "好", extra: 1 }, ""],
      ];
      for (const [body, message] of cases) {
        const res = await annotate(ctx, u, idea.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
        if (message) expect(JSON.stringify(res.body)).toContain(message);
      }
      expect(await thread(ctx, u, idea.id)).toEqual([]);
      const after = (await request(ctx, "getIdea", { token: u.token, params: { id: idea.id } })).body.data;
      expect(after.updatedAt).toBe(idea.updatedAt);
    });

    it(`holds a thread to ${ANNOTATIONS_PER_IDEA_MAX}`, async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      await ctx.db.query(
        `INSERT INTO annotations (user_id, idea_id, content, search)
         SELECT $1, $2, '批注 ' || i, '' FROM generate_series(1, $3) i`,
        [u.id, idea.id, ANNOTATIONS_PER_IDEA_MAX],
      );
      const res = await annotate(ctx, u, idea.id, { content: "再多一条" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`每条想法最多 ${ANNOTATIONS_PER_IDEA_MAX} 条批注`);
      expect((await thread(ctx, u, idea.id)).length).toBe(ANNOTATIONS_PER_IDEA_MAX);
    });

    it("go to 回收站 with their idea, come back with it, and are deleted for good with it", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u);
      const bytes = async () =>
        (await request(ctx, "getUsage", { token: u.token })).body.data.bytes as number;
      const before = await bytes();
      await annotate(ctx, u, idea.id, { content: "要跟着想法一起走" });
      // a 批注 counts toward the account's stored bytes, in place and in 回收站, until purged
      const counted = before + Buffer.byteLength("要跟着想法一起走");
      expect(await bytes()).toBe(counted);
      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      expect(await bytes()).toBe(counted);
      expect(
        (await request(ctx, "listAnnotations", { token: u.token, params: { id: idea.id } })).status,
      ).toBe(404);
      const search = await request(ctx, "search", { token: u.token, query: { q: "跟着想法" } });
      expect(search.body.data.items).toEqual([]);
      await request(ctx, "restoreFromTrash", { token: u.token, params: { id: idea.id } });
      expect((await thread(ctx, u, idea.id)).map((a) => a.content)).toEqual(["要跟着想法一起走"]);
      expect(await bytes()).toBe(counted);

      await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } });
      await purgeTrash(ctx.db, { userId: u.id, id: idea.id });
      expect(await bytes()).toBe(before - Buffer.byteLength("周末去学陶艺") * 2);
      const left = await ctx.db.query("SELECT 1 FROM annotations WHERE user_id = $1", [u.id]);
      expect(left.rowCount).toBe(0);
    });

    it("search finds a 批注 and leads to its idea", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u, "周末去学陶艺");
      await newIdea(ctx, u, "读完了三体");
      await annotate(ctx, u, idea.id, { content: "老师推荐了景德镇的釉料" });
      const res = await request(ctx, "search", { token: u.token, query: { q: "釉料" } });
      expect(res.status).toBe(200);
      expect(res.body.data.items).toMatchObject([{ type: "idea", id: idea.id, title: "周末去学陶艺" }]);
      expect(res.body.data.items[0]?.snippet).toContain("景德镇的釉料");
      // words of both: the idea's own match wins, listed once
      const both = await request(ctx, "search", { token: u.token, query: { q: "陶艺" } });
      expect(both.body.data.items.map((i: { id: string }) => i.id)).toEqual([idea.id]);
      // a 批注's words are spelt out in pinyin like an idea's text
      const spelt = await request(ctx, "search", { token: u.token, query: { q: "jingdezhen" } });
      expect(spelt.body.data.items.map((i: { id: string }) => i.id)).toEqual([idea.id]);
    });

    it("the AI reads them with their dates as part of the idea, never those of an idea marked 不让AI读取", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(ctx, u, "周末去学陶艺");
      const made = await annotate(ctx, u, idea.id, { content: "拉坯要先定中心" });
      const hidden = await newIdea(ctx, u, "私密的陶艺日记");
      await annotate(ctx, u, hidden.id, { content: "不可外传的秘方" });
      await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: hidden.id },
        body: { aiExcluded: true },
      });

      const from = ai.fake.received.length;
      const side = await newConversation(ai.ctx, u, { subject: { type: "idea", id: idea.id } });
      await askAll(ai.ctx, u, side, "陶艺要注意什么");
      const sent = ai.fake.received
        .slice(from)
        .map((r) => JSON.stringify(r.body.messages))
        .join("\n");
      const day = beijingDay(new Date(made.body.data.createdAt));
      expect(sent).toContain(`批注（${day}）：拉坯要先定中心`);
      expect(sent).not.toContain("不可外传的秘方");
    });

    it("a question whose only match is in a 批注 grounds on its idea, with that 批注 dated, however long the idea or its thread", async () => {
      const u = await registerUser(ctx);
      // long enough that the idea's own words would fill a source's whole share
      const idea = await newIdea(ctx, u, `周末去学陶艺。${"今天学了揉泥和拉坯的基本手法。".repeat(60)}`);
      const match = await annotate(ctx, u, idea.id, { content: "老师推荐了景德镇的釉料" });
      // newer 批注 than the one that matches: it is read all the same
      for (const n of [1, 2, 3, 4, 5, 6]) await annotate(ctx, u, idea.id, { content: `第${n}次上课` });
      const hidden = await newIdea(ctx, u, "私密的陶艺日记");
      await annotate(ctx, u, hidden.id, { content: "不可外传的釉料秘方" });
      await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: hidden.id },
        body: { aiExcluded: true },
      });
      // newer than it, so the newest-items fallback (no match) would send these instead
      for (const n of [1, 2, 3, 4, 5, 6]) await newIdea(ctx, u, `买菜清单 ${n}`);

      const from = ai.fake.received.length;
      await askAll(ai.ctx, u, await newConversation(ai.ctx, u), "釉料怎么选");
      const sent = ai.fake.received
        .slice(from)
        .map((r) => JSON.stringify(r.body.messages))
        .join("\n");
      const day = beijingDay(new Date(match.body.data.createdAt));
      expect(sent).toContain("周末去学陶艺");
      expect(sent).toContain(`批注（${day}）：老师推荐了景德镇的釉料`);
      expect(sent).toContain("第6次上课");
      expect(sent).not.toContain("买菜清单");
      expect(sent).not.toContain("不可外传的釉料秘方");
      expect(sent).not.toContain("私密的陶艺日记");
    });

    it("travel in the export (format 4) and come back under their idea on import", async () => {
      const a = await registerUser(ctx);
      const idea = await newIdea(ctx, a);
      await annotate(ctx, a, idea.id, { content: "第一次上课" });
      await annotate(ctx, a, idea.id, { content: "第二次上课 #陶艺" });
      const zip = await exportZip(ctx, a);
      const data = JSON.parse(strFromU8(unzipSync(zip)["data.json"]!));
      expect(data.format).toBe("shinian-export/5");
      expect(data.annotations.map((x: { ideaId: string; content: string }) => [x.ideaId, x.content])).toEqual(
        [
          [idea.id, "第一次上课"],
          [idea.id, "第二次上课 #陶艺"],
        ],
      );

      const b = await registerUser(ctx);
      const { status } = await imported(ctx, b, [{ name: "拾念导出.zip", bytes: new Uint8Array(zip) }]);
      expect(status.status).toBe("done");
      const ideas = (await request(ctx, "listIdeas", { token: b.token, query: {} })).body.data.items;
      expect(ideas).toHaveLength(1);
      const [copy] = ideas;
      expect(copy?.annotationCount).toBe(2);
      const back = await thread(ctx, b, copy!.id);
      expect(back.map((x) => [x.content, x.createdAt])).toEqual(
        data.annotations.map((x: Annotation) => [x.content, x.createdAt]),
      );
      // found by search in the importing account too
      const found = await request(ctx, "search", { token: b.token, query: { q: "第一次上课" } });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([copy!.id]);

      // an older export (format 3, no annotations) still imports
      const c = await registerUser(ctx);
      const old = JSON.stringify({ ...data, format: "shinian-export/3", annotations: undefined });
      const { status: oldStatus } = await imported(ctx, c, [
        { name: "旧导出.zip", bytes: new Uint8Array(zipOf({ "data.json": old })) },
      ]);
      expect(oldStatus.status).toBe("done");
      const oldIdeas = (await request(ctx, "listIdeas", { token: c.token, query: {} })).body.data.items;
      expect(oldIdeas.map((i) => i.annotationCount)).toEqual([0]);
    });
  });
});

const zipOf = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])));

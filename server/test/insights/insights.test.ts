import type { CreateInsightRequest } from "@shinian/contract";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { addIdea, askAll, balanceOf, newConversation, withProvider } from "../ai/helpers.ts";
import { type Scripted, tokens } from "../fake-provider.ts";
import {
  exportZip,
  forEachDatabase,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
} from "../helpers.ts";
import { imported } from "../import/helpers.ts";

const says = (text: string): Scripted => ({ kind: "stream", chunks: tokens(text, 5) });
const failing: Scripted = { kind: "status", status: 500, message: "upstream down" };

forEachDatabase((plain) => {
  const ai = withProvider(plain);

  /** Three ideas under #陶艺, one more marked 不让AI读取 and one in 回收站: the scope reads the three. */
  async function pottery(ctx: TestCtx, u: TestUser) {
    const ids = [
      await addIdea(ctx, u, "#陶艺 第一次拉坯，泥总是歪"),
      await addIdea(ctx, u, "#陶艺 拉坯要稳，手要湿"),
      await addIdea(ctx, u, "#陶艺 其实我更喜欢手捏"),
    ];
    await addIdea(ctx, u, "#陶艺 秘密：陶艺老师的电话", { aiExcluded: true });
    const trashed = await addIdea(ctx, u, "#陶艺 已删除：旧窑的价格");
    expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed } })).status).toBe(200);
    return ids;
  }
  const lastPrompt = () => {
    const body = ai.fake.received.at(-1)!.body;
    return body.messages.map((m) => m.content).join("\n");
  };
  const run = (ctx: TestCtx, u: TestUser, body: CreateInsightRequest) =>
    request(ctx, "createInsight", { token: u.token, body });

  describe("洞察", () => {
    it("shows the price first, reads only what the AI may read, and keeps only citations inside the scope", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      const ids = await pottery(ctx, u);
      const outside = await addIdea(ctx, u, "#读书 与陶艺无关的一条");
      const before = await balanceOf(ctx, u);

      const price = await request(ctx, "insightPrice", { token: u.token, query: { tag: "陶艺" } });
      expect(price.body.data).toEqual({
        items: 3,
        capped: false,
        points: ctx.config.points.insight,
        balance: before,
        tooFew: false,
        available: true,
      });

      ai.fake.script(
        says(
          `标题：陶艺里的变化\n\n一开始泥总是歪 [1]，后来学会要稳 [2][9]。` +
            `见 [[idea:${outside}]] 与 [[idea:${ids[2]}]]。矛盾在于 [1、3、12]。`,
        ),
      );
      const res = await run(ctx, u, { scope: { tag: "陶艺" }, lens: "summary" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { insight, points, balance } = res.body.data;
      expect(points).toBe(ctx.config.points.insight);
      expect(balance).toBe(before - points);
      expect(insight.title).toBe("陶艺里的变化");
      expect(insight.citations[0]?.title).toContain("第一次拉坯");
      expect(insight.citations.map((c) => [c.ref, c.id])).toEqual([
        [1, ids[0]],
        [2, ids[1]],
        [3, ids[2]],
      ]);
      expect(insight.body).not.toContain("[9]");
      expect(insight.body).not.toContain("[12]");
      expect(insight.body).not.toContain(outside);
      expect(insight.body).toContain("[1][3]");

      // what the provider was sent: the three, dated and numbered; never 不让AI读取 nor 回收站
      const prompt = lastPrompt();
      expect(prompt).toContain("[1] 想法");
      expect(prompt).toContain("其实我更喜欢手捏");
      expect(prompt).not.toContain("秘密");
      expect(prompt).not.toContain("旧窑");
      expect(prompt).not.toContain("与陶艺无关");
      expect(prompt).toMatch(/\d{4}年\d{1,2}月\d{1,2}日/);

      // saved as an insight, not an idea or a note
      const got = await request(ctx, "getInsight", { token: u.token, params: { id: insight.id } });
      expect(got.body.data).toEqual(insight);
      const feed = await request(ctx, "feed", { token: u.token, query: { limit: 50 } });
      expect(feed.body.data.items.some((i: { id: string }) => i.id === insight.id)).toBe(false);
      const notes = await request(ctx, "listNotes", { token: u.token });
      expect(notes.body.data.items).toHaveLength(0);
    });

    it("charges once, and gives the points back once when the provider fails", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await pottery(ctx, u);
      const before = await balanceOf(ctx, u);
      ai.fake.script(failing, failing, failing, failing);
      const res = await run(ctx, u, { scope: { last: 10 }, lens: "inversion" });
      expect(res.status).toBe(503);
      expect(res.body.message).toContain("点数已退还");
      expect(await balanceOf(ctx, u)).toBe(before);
      const ledger = await request(ctx, "listLedger", { token: u.token });
      const lines = ledger.body.data.items.filter((l: { reason: string }) => l.reason !== "register_bonus");
      expect(lines.map((l: { reason: string; delta: number }) => [l.reason, l.delta])).toEqual([
        ["refund", ctx.config.points.insight],
        ["insight", -ctx.config.points.insight],
      ]);
      expect((await request(ctx, "listInsights", { token: u.token })).body.data.items).toEqual([]);
    });

    it("saves nothing and refunds when the report cites nothing inside the scope", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await pottery(ctx, u);
      const before = await balanceOf(ctx, u);
      ai.fake.script(says("标题：空话\n\n人生就是这样 [7]。"));
      const res = await run(ctx, u, { scope: { tag: "陶艺" }, lens: "values" });
      expect(res.status).toBe(503);
      expect(res.body.message).toContain("没有引用这个范围里的记录");
      expect(await balanceOf(ctx, u)).toBe(before);
      expect((await request(ctx, "listInsights", { token: u.token })).body.data.items).toEqual([]);
    });

    it("with fewer than 3 readable items says so, asks no AI and charges nothing", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await addIdea(ctx, u, "#园艺 种了薄荷");
      await addIdea(ctx, u, "#园艺 薄荷长疯了");
      await addIdea(ctx, u, "#园艺 日记：不给 AI 看", { aiExcluded: true });
      const price = await request(ctx, "insightPrice", { token: u.token, query: { tag: "园艺" } });
      expect(price.body.data).toMatchObject({ items: 2, tooFew: true, points: 0 });
      const asked = ai.fake.received.length;
      const before = await balanceOf(ctx, u);
      const res = await run(ctx, u, { scope: { tag: "园艺" }, lens: "summary" });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("只有 2 条");
      expect(ai.fake.received.length).toBe(asked);
      expect(await balanceOf(ctx, u)).toBe(before);
    });

    it("reads dates as Beijing days, both ends included", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      const at = [
        "2026-10-31T23:59:00+08:00",
        "2026-11-01T00:00:00+08:00",
        "2026-11-02T23:30:00+08:00",
        "2026-11-03T00:10:00+08:00",
      ];
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, tags, created_at, updated_at)
         SELECT $1, '日子' || n, '日子' || n, '{}', t, t FROM unnest($2::timestamptz[]) WITH ORDINALITY AS x(t, n)`,
        [u.id, at],
      );
      const price = await request(ctx, "insightPrice", {
        token: u.token,
        query: { from: "2026-11-01", to: "2026-11-02" },
      });
      expect(price.body.data.items).toBe(2);
      const bad = await request(ctx, "insightPrice", {
        token: u.token,
        query: { from: "2026-11-03", to: "2026-11-01" },
      });
      expect(bad.status).toBe(400);
      const none = await request(ctx, "insightPrice", { token: u.token, query: {} });
      expect(none.status).toBe(400);
      // 29 February of a leap year is a day, of another year is refused in Chinese, as is month 13;
      // the year's last day reaches its last minute
      const leap = await request(ctx, "insightPrice", { token: u.token, query: { from: "2024-02-29" } });
      expect(leap.status).toBe(200);
      for (const day of ["2025-02-29", "2026-13-01"]) {
        const refused = await request(ctx, "insightPrice", { token: u.token, query: { from: day } });
        expect(refused.status).toBe(400);
        expect(JSON.stringify(refused.body)).toContain("日期不存在");
      }
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, tags, created_at, updated_at)
         VALUES ($1, '除夕', '除夕', '{}', '2026-12-31T23:59:00+08:00', '2026-12-31T23:59:00+08:00')`,
        [u.id],
      );
      const yearEnd = await request(ctx, "insightPrice", {
        token: u.token,
        query: { from: "2026-12-31", to: "2026-12-31" },
      });
      expect(yearEnd.body.data.items).toBe(1);
    });

    it("a custom lens needs the person's prompt, and sends it", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await pottery(ctx, u);
      const missing = await run(ctx, u, { scope: { tag: "陶艺" }, lens: "custom" });
      expect(missing.status).toBe(400);
      ai.fake.script(says("手捏更适合我 [3]。"));
      const res = await run(ctx, u, { scope: { tag: "陶艺" }, lens: "custom", prompt: "我该继续学拉坯吗？" });
      expect(res.status).toBe(201);
      expect(lastPrompt()).toContain("我该继续学拉坯吗？");
      expect(res.body.data.insight.title).toBe("自定义：#陶艺");
      expect(res.body.data.insight.prompt).toBe("我该继续学拉坯吗？");
    });

    it("lists newest first, finds by title, deletes; another account sees none of it", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await pottery(ctx, u);
      ai.fake.script(says("标题：拉坯的总结\n\n要稳 [2]。"), says("标题：手捏的反思\n\n手捏 [3]。"));
      const first = (await run(ctx, u, { scope: { tag: "陶艺" }, lens: "summary" })).body.data.insight;
      const second = (await run(ctx, u, { scope: { tag: "陶艺" }, lens: "inversion" })).body.data.insight;

      const list = await request(ctx, "listInsights", { token: u.token, query: { limit: 1 } });
      expect(list.body.data.items.map((i: { id: string }) => i.id)).toEqual([second.id]);
      expect(list.body.data.items[0]).toMatchObject({
        type: "insight",
        title: "手捏的反思",
        lens: "inversion",
      });
      expect(list.body.data.items[0]?.excerpt).toMatch(/^手捏\s?。$/);
      const next = await request(ctx, "listInsights", {
        token: u.token,
        query: { limit: 1, cursor: list.body.data.nextCursor ?? undefined },
      });
      expect(next.body.data.items.map((i: { id: string }) => i.id)).toEqual([first.id]);
      const found = await request(ctx, "listInsights", { token: u.token, query: { q: "拉坯" } });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual([first.id]);

      expect(
        (await request(ctx, "getInsight", { token: other.token, params: { id: first.id } })).status,
      ).toBe(404);
      expect(
        (await request(ctx, "deleteInsight", { token: other.token, params: { id: first.id } })).status,
      ).toBe(404);
      expect((await request(ctx, "listInsights", { token: other.token })).body.data.items).toEqual([]);

      expect((await request(ctx, "deleteInsight", { token: u.token, params: { id: first.id } })).status).toBe(
        200,
      );
      expect((await request(ctx, "getInsight", { token: u.token, params: { id: first.id } })).status).toBe(
        404,
      );
    });

    it("stays out of the assistant's grounding, and leaves in the export", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await pottery(ctx, u);
      ai.fake.script(says("标题：陶艺洞察\n\n独一无二的结论琥珀 [1]。"));
      const { insight } = (await run(ctx, u, { scope: { tag: "陶艺" }, lens: "summary" })).body.data;
      await askAll(ctx, u, await newConversation(ctx, u), "陶艺洞察 琥珀 是什么结论？");
      const system = ai.fake.received.at(-1)!.body.messages[0]!.content;
      expect(system).toContain("拉坯要稳"); // the ideas are its sources
      expect(system).not.toContain("独一无二");

      const files = unzipSync(await exportZip(ctx, u));
      const data = JSON.parse(strFromU8(files["data.json"]!));
      expect(data.format).toBe("shinian-export/5");
      expect(data.insights).toEqual([insight]);
    });

    it("让 AI 助手参考这份洞察: once opted in the assistant may read and cite it; off again, never", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await pottery(ctx, u);
      ai.fake.script(says("标题：陶艺洞察\n\n独一无二的结论琥珀 [1]。"));
      const { insight } = (await run(ctx, u, { scope: { tag: "陶艺" }, lens: "summary" })).body.data;
      expect(insight.aiGrounding).toBe(false);
      const conversation = await newConversation(ctx, u);
      const systemAfter = async (question: string) => {
        await askAll(ctx, u, conversation, question);
        return ai.fake.received.at(-1)!.body.messages[0]!.content;
      };

      const on = await request(ctx, "updateInsight", {
        token: u.token,
        params: { id: insight.id },
        body: { aiGrounding: true },
      });
      expect(on.status).toBe(200);
      expect(on.body.data.aiGrounding).toBe(true);
      // citing no number: every source it was given is cited, the 洞察 among them
      const events = await askAll(ctx, u, conversation, "琥珀 是什么结论？");
      const system = ai.fake.received.at(-1)!.body.messages[0]!.content;
      expect(system).toContain("洞察《陶艺洞察》");
      expect(system).toContain("独一无二的结论琥珀");
      const done = events.find((e) => e.event === "done")!.data;
      expect(done.message.citations).toContainEqual(
        expect.objectContaining({ type: "insight", id: insight.id, title: "陶艺洞察" }),
      );

      // another account can neither turn it on nor see it
      const other = await registerUser(ctx);
      const theirs = await request(ctx, "updateInsight", {
        token: other.token,
        params: { id: insight.id },
        body: { aiGrounding: false },
      });
      expect(theirs.status).toBe(404);

      // the export carries the answer; an import (which takes no insights) keeps it without that citation
      const into = await registerUser(ctx);
      const { status } = await imported(ctx, into, [
        { name: "拾念导出.zip", bytes: new Uint8Array(await exportZip(ctx, u)) },
      ]);
      expect(status.status, JSON.stringify(status)).toBe("done");
      const { rows } = await ctx.db.query<{ citations: { type: string }[] }>(
        "SELECT citations FROM messages WHERE user_id = $1 AND role = 'assistant' AND content = $2",
        [into.id, done.message.content],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.citations.length).toBeGreaterThan(0);
      expect(rows[0]!.citations.map((c) => c.type)).not.toContain("insight");

      await request(ctx, "updateInsight", {
        token: u.token,
        params: { id: insight.id },
        body: { aiGrounding: false },
      });
      expect(await systemAfter("琥珀 是什么结论？")).not.toContain("独一无二");
    });

    it("in 本地模式 says a 洞察 needs the AI, and charges nothing", async () => {
      const ctx = plain;
      const u = await registerUser(ctx);
      await pottery(ctx, u);
      const price = await request(ctx, "insightPrice", { token: u.token, query: { tag: "陶艺" } });
      expect(price.body.data).toMatchObject({ items: 3, available: false, points: 0 });
      const res = await run(ctx, u, { scope: { tag: "陶艺" }, lens: "summary" });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain("AI");
    });
  });
});

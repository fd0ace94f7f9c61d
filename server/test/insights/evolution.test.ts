import { describe, expect, it } from "vitest";
import { addIdea, balanceOf, withProvider } from "../ai/helpers.ts";
import { type Scripted, tokens } from "../fake-provider.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const says = (text: string): Scripted => ({ kind: "stream", chunks: tokens(text, 5) });

forEachDatabase((plain) => {
  const ai = withProvider(plain);

  /** An idea captured on `day` (noon in Beijing), through the API so that its words are indexed. */
  async function ideaOn(ctx: TestCtx, u: TestUser, day: string, content: string, extra: object = {}) {
    const id = await addIdea(ctx, u, content, extra);
    await ctx.db.query("UPDATE ideas SET created_at = $2 WHERE id = $1", [id, `${day}T12:00:00+08:00`]);
    return id;
  }
  const lastPrompt = () =>
    ai.fake.received
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join("\n");

  describe("演变 (the evolution lens, a scope by query)", () => {
    it("reads what the query finds, dated, never 不让AI读取 nor another account's, and keeps only citations inside it", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const ids = [
        await ideaOn(ctx, u, "2025-03-01", "#陶艺 第一次拉坯，泥总是歪"),
        await ideaOn(ctx, u, "2025-09-15", "#陶艺 拉坯要稳，手要湿"),
        await ideaOn(ctx, u, "2026-11-20", "#随想 不想再拉坯了，手捏更自由"),
      ];
      await ideaOn(ctx, u, "2026-01-01", "#陶艺 拉坯老师的电话：秘密", { aiExcluded: true });
      await ideaOn(ctx, other, "2026-01-02", "#陶艺 别人的拉坯心得");
      const unrelated = await ideaOn(ctx, u, "2026-02-02", "#读书 今天读完一本小说");

      const price = await request(ctx, "insightPrice", { token: u.token, query: { q: "拉坯" } });
      expect(price.body.data).toMatchObject({ items: 3, tooFew: false, points: ctx.config.points.insight });
      // with a tag, those of them under it (AND): two of the three
      const both = await request(ctx, "insightPrice", { token: u.token, query: { q: "拉坯", tag: "陶艺" } });
      expect(both.body.data).toMatchObject({ items: 2, tooFew: true, points: 0 });

      const before = await balanceOf(ctx, u);
      ai.fake.script(
        says(
          "标题：从拉坯到手捏\n\n2025年3月1日你写「泥总是歪」[1]，半年后「拉坯要稳」[2]。" +
            `到 2026年11月20日，你说「不想再拉坯了」[3]：这与 [2] 前后不一，是一个矛盾。见 [4] 与 [[idea:${unrelated}]]。`,
        ),
      );
      const res = await request(ctx, "createInsight", {
        token: u.token,
        body: { scope: { q: "拉坯" }, lens: "evolution" },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { insight, balance } = res.body.data;
      expect(balance).toBe(before - ctx.config.points.insight);
      expect(insight).toMatchObject({ lens: "evolution", scope: { q: "拉坯" }, itemCount: 3 });
      expect(insight.citations.map((c) => [c.ref, c.id])).toEqual([
        [1, ids[0]],
        [2, ids[1]],
        [3, ids[2]],
      ]);
      expect(insight.body).not.toContain("[4]");
      expect(insight.body).not.toContain(unrelated);
      expect(insight.body).toContain("前后不一");

      // the sources as the model read them: oldest first, each with its Beijing day; the lens's task
      const prompt = lastPrompt();
      expect(prompt).toMatch(/\[1\] 想法《[^》]*》（2025年3月1日）\n#陶艺 第一次拉坯/);
      expect(prompt).toContain("（2025年9月15日）");
      expect(prompt).toMatch(/\[3\] 想法《[^》]*》（2026年11月20日）/);
      expect(prompt).toContain("「演变」");
      expect(prompt).toMatch(/矛盾.*前后不一/);
      expect(prompt).toContain("不要编一个演变的故事");
      expect(prompt).not.toContain("秘密");
      expect(prompt).not.toContain("别人的");
      expect(prompt).not.toContain("小说");
    });

    it("with too few items the query finds says so honestly, asks no AI and charges nothing", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await ideaOn(ctx, u, "2025-03-01", "开始学吉他");
      await ideaOn(ctx, u, "2025-04-01", "吉他的和弦好难");
      await ideaOn(ctx, u, "2025-05-01", "吉他日记：不给 AI 看", { aiExcluded: true });
      const asked = ai.fake.received.length;
      const before = await balanceOf(ctx, u);
      const res = await request(ctx, "createInsight", {
        token: u.token,
        body: { scope: { q: "吉他" }, lens: "evolution" },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("只有 2 条");
      expect(res.body.message).toContain("没有扣点数");
      expect(ai.fake.received.length).toBe(asked);
      expect(await balanceOf(ctx, u)).toBe(before);
    });

    it("refuses an empty query or an unknown lens in Chinese", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      const empty = await request(ctx, "insightPrice", { token: u.token, query: { q: "  " } });
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain("请输入搜索词");
      const lens = await request(ctx, "createInsight", {
        token: u.token,
        body: { scope: { q: "拉坯" }, lens: "history" as "evolution" },
      });
      expect(lens.status).toBe(400);
      expect(JSON.stringify(lens.body)).toContain("请选择一种视角");
    });
  });
});

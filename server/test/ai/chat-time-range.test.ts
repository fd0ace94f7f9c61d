import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { type FakeProvider, startFakeProvider } from "../fake-provider.ts";
import { onOneDatabase, registerUser, request, type TestCtx, type TestUser, testConfig } from "../helpers.ts";
import { addIdea, askAll, newConversation, readEvents, type SseEvent } from "./helpers.ts";

/** Mid-November 2026 in Beijing: 上个月 is October, 上周 is 2–8 November. */
const NOW = new Date("2026-11-15T12:00:00+08:00");
const silent = createLogger("silent");

onOneDatabase((ctx) => {
  let offline: TestCtx;
  let provider: TestCtx;
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
    offline = {
      ...ctx,
      app: createApp({ config: ctx.config, db: ctx.db, logger: silent, clock: () => NOW }),
    };
    const config = testConfig({ AI_BASE_URL: fake.url, AI_API_KEY: "sk-test-key", AI_MODEL: "fake-model" });
    provider = { ...ctx, config, app: createApp({ config, db: ctx.db, logger: silent, clock: () => NOW }) };
  });
  afterAll(() => fake.close());

  /** An idea captured at `at` (Beijing time). */
  const ideaAt = async (u: TestUser, content: string, at: string) => {
    const id = await addIdea(ctx, u, content);
    await ctx.db.query("UPDATE ideas SET created_at = $2 WHERE id = $1", [id, new Date(`${at}+08:00`)]);
    return id;
  };
  const done = (events: SseEvent[]) => events.find((e) => e.event === "done")!.data.message;
  const start = (events: SseEvent[]) => events.find((e) => e.event === "start")!.data;

  describe("time expressions in questions", () => {
    it("grounds 我上个月都在想什么 on last month's items only, and shows the filter with the answer (本地模式)", async () => {
      const u = await registerUser(ctx);
      const early = await ideaAt(u, "读完了《三体》，很震撼", "2026-10-01T00:10:00");
      const late = await ideaAt(u, "晚上跑步五公里", "2026-10-31T23:50:00");
      // 都在 is one word to the segmenter (我|都在|想|什么): it must not narrow the question to this idea
      const mid = await ideaAt(u, "周末大家都在加班", "2026-10-15T12:00:00");
      await ideaAt(u, "《三体》第二部开始读", "2026-09-30T23:50:00");
      await ideaAt(u, "咖啡豆买了新的", "2026-11-01T00:10:00");
      const conversation = await newConversation(offline, u);

      const events = await askAll(offline, u, conversation, "我上个月都在想什么");
      const filter = {
        label: "上个月（2026年10月1日—10月31日）",
        from: "2026-09-30T16:00:00.000Z",
        to: "2026-10-31T16:00:00.000Z",
      };
      expect(start(events).timeFilter).toEqual(filter);
      const answer = done(events);
      expect(answer.citations.map((c: { id: string }) => c.id)).toEqual([late, mid, early]);
      expect(answer.timeFilter).toEqual(filter);
      const kept = await request(offline, "listMessages", { params: { id: conversation }, token: u.token });
      expect(kept.body.data.items.map((m) => m.timeFilter ?? null)).toEqual([null, filter]);

      // a topic matched only outside the range: the range's own items, never the older match
      const topic = done(await askAll(offline, u, conversation, "上个月关于三体第二部的想法"));
      expect(topic.citations.map((c: { id: string }) => c.id)).toEqual([early]);

      // nothing in the range: it says so and cites nothing older
      const none = done(await askAll(offline, u, conversation, "上周读了什么书"));
      expect(none.citations).toEqual([]);
      expect(none.content).toContain("上周（2026年11月2日—11月8日）没有找到相关的想法或笔记");
    });

    it("with a provider, sends only the range's items and tells the model when the range has none", async () => {
      const u = await registerUser(ctx);
      await ideaAt(u, "读完了《三体》，很震撼", "2026-10-10T09:00:00");
      await ideaAt(u, "《三体》第二部开始读", "2026-03-05T09:00:00");
      const conversation = await newConversation(provider, u);

      const sent = fake.received.length;
      const events = await askAll(provider, u, conversation, "三月份读的三体怎么样");
      expect(start(events).timeFilter.label).toBe("3月（2026年3月1日—3月31日）");
      const system = fake.received[sent]!.body.messages[0]!.content;
      expect(system).toContain("第二部开始读");
      expect(system).not.toContain("很震撼");

      await askAll(provider, u, conversation, "去年这时候我在想什么");
      const empty = fake.received.at(-1)!.body.messages[0]!.content;
      expect(empty).toContain(
        "去年这时候（2025年10月31日—11月30日）的记录，这段时间里没有找到相关的想法或笔记",
      );
      expect(empty).not.toContain("三体");
    });

    it("marks a 最近 answer as a hinted span, and 搜索全部 (allTime) asks again over everything", async () => {
      const u = await registerUser(ctx);
      const recent = await ideaAt(u, "最近在读《百年孤独》", "2026-11-10T09:00:00");
      const old = await ideaAt(u, "去年读完了《活着》", "2025-06-01T09:00:00");
      const conversation = await newConversation(offline, u);

      const limited = await askAll(offline, u, conversation, "我最近读了什么书");
      expect(start(limited).timeFilter).toMatchObject({
        label: "最近 30 天（2026年10月17日—11月15日）",
        recent: true,
      });
      expect(done(limited).timeFilter.recent).toBe(true);
      expect(done(limited).citations.map((c: { id: string }) => c.id)).toEqual([recent]);

      const res = await offline.app.request(`/api/chat/conversations/${conversation}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "我最近读了什么书", allTime: true }),
      });
      expect(res.status).toBe(200);
      const all = await readEvents(res);
      expect(start(all).timeFilter).toBeNull();
      expect(done(all).timeFilter ?? null).toBeNull();
      expect(done(all).citations.map((c: { id: string }) => c.id)).toEqual(
        expect.arrayContaining([recent, old]),
      );

      // a range the question names exactly is no hint: no flag, so no 搜索全部
      const named = await askAll(offline, u, conversation, "上个月读了什么书");
      expect(start(named).timeFilter.recent).toBeUndefined();
      // allTime is a boolean or nothing
      const bad = await offline.app.request(`/api/chat/conversations/${conversation}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "问题", allTime: "yes" }),
      });
      expect(bad.status).toBe(400);
    });
  });
});

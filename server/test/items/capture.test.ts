import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chooseAutoTidy, eventually, withProvider } from "../ai/helpers.ts";
import { call, forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const DAY = 86_400_000;

const capture = (ctx: TestCtx, token: string, body: object) =>
  call(ctx, "POST", "/api/ideas", { token, body });

const ideasOf = async (ctx: TestCtx, user: TestUser) =>
  (await call(ctx, "GET", "/api/ideas?limit=100", { token: user.token })).body.data.items as {
    id: string;
    content: string;
    clientId: string | null;
    createdAt: string;
  }[];

forEachDatabase((ctx) => {
  describe("clientId", () => {
    it("a repeat with the same clientId creates nothing and answers 200 with the first idea, whatever its content", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const first = await capture(ctx, u.token, { content: "第一次", tags: ["灵感"], clientId });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({ content: "第一次", tags: ["灵感"], clientId });

      const again = await capture(ctx, u.token, { content: "内容变了", tags: ["别的"], clientId });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(first.body.data);
      const ideas = await ideasOf(ctx, u);
      expect(ideas.map((i) => i.content)).toEqual(["第一次"]);

      // without a clientId, the same words are simply another idea
      const plain = await capture(ctx, u.token, { content: "第一次" });
      expect(plain.status).toBe(201);
      expect(plain.body.data.clientId).toBeNull();
      expect(await ideasOf(ctx, u)).toHaveLength(2);
    });

    it("ten concurrent requests with one clientId make exactly one idea, and all answer it", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => capture(ctx, u.token, { content: `并发 ${i}`, clientId })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      const ids = new Set(answers.map((a) => a.body.data.id));
      expect(ids.size).toBe(1);
      const ideas = await ideasOf(ctx, u);
      expect(ideas).toHaveLength(1);
      expect(ideas[0]!.id).toBe([...ids][0]);
      expect(ideas[0]!.content).toBe(answers.find((a) => a.status === 201)!.body.data.content);
    });

    it("a repeat after the idea was deleted answers 410 and does not bring it back", async () => {
      const u = await registerUser(ctx);
      const clientId = randomUUID();
      const first = await capture(ctx, u.token, { content: "会被删除", clientId });
      const del = await request(ctx, "deleteIdea", { params: { id: first.body.data.id }, token: u.token });
      expect(del.status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const again = await capture(ctx, u.token, { content: "会被删除", clientId });
        expect(again.status).toBe(410);
        expect(again.body).toEqual({
          success: false,
          code: "GONE",
          message: "这条想法已被删除，不会重新创建",
        });
      }
      expect(await ideasOf(ctx, u)).toEqual([]);
      // another clientId is unaffected
      expect((await capture(ctx, u.token, { content: "新的", clientId: randomUUID() })).status).toBe(201);
    });

    it("replays racing the delete never bring the idea back", async () => {
      const u = await registerUser(ctx);
      for (let round = 0; round < 5; round++) {
        const clientId = randomUUID();
        const first = await capture(ctx, u.token, { content: `第 ${round} 轮`, clientId });
        const [del, ...replays] = await Promise.all([
          request(ctx, "deleteIdea", { params: { id: first.body.data.id }, token: u.token }),
          ...Array.from({ length: 8 }, () => capture(ctx, u.token, { content: "重放", clientId })),
        ]);
        expect(del!.status).toBe(200);
        for (const r of replays) {
          expect([200, 410]).toContain(r.status);
          if (r.status === 200) expect(r.body.data.id).toBe(first.body.data.id);
        }
        expect((await capture(ctx, u.token, { content: "重放", clientId })).status).toBe(410);
      }
      expect(await ideasOf(ctx, u)).toEqual([]);
    });

    it("the same clientId from another user makes an independent idea", async () => {
      const a = await registerUser(ctx);
      const b = await registerUser(ctx);
      const clientId = randomUUID();
      const mine = await capture(ctx, a.token, { content: "甲的想法", clientId });
      const theirs = await capture(ctx, b.token, { content: "乙的想法", clientId });
      expect(theirs.status).toBe(201);
      expect(theirs.body.data.id).not.toBe(mine.body.data.id);
      expect(theirs.body.data.content).toBe("乙的想法");
      // deleting one user's idea leaves the other's clientId alone
      await request(ctx, "deleteIdea", { params: { id: mine.body.data.id }, token: a.token });
      const repeat = await capture(ctx, b.token, { content: "乙的想法", clientId });
      expect(repeat.status).toBe(200);
      expect(repeat.body.data.id).toBe(theirs.body.data.id);
    });

    it("refuses a clientId that is not a UUID", async () => {
      const u = await registerUser(ctx);
      const res = await capture(ctx, u.token, { content: "想法", clientId: "offline-1" });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain("clientId 须为 UUID");
      expect(await ideasOf(ctx, u)).toEqual([]);
    });
  });

  describe("capturedAt", () => {
    it("dates the idea, and it sorts by that time in the list and the feed, across pages", async () => {
      const u = await registerUser(ctx);
      const now = Date.now();
      const twoHours = new Date(now - 2 * 3_600_000);
      // the same instant written in Beijing time
      const beijing = new Date(twoHours.getTime() + 8 * 3_600_000).toISOString().replace("Z", "+08:00");
      const a = await capture(ctx, u.token, { content: "刚刚" });
      const b = await capture(ctx, u.token, { content: "两小时前", capturedAt: beijing });
      const c = await capture(ctx, u.token, {
        content: "一小时前",
        capturedAt: new Date(now - 3_600_000).toISOString(),
      });
      expect(b.status).toBe(201);
      expect(b.body.data.createdAt).toBe(twoHours.toISOString());
      expect(b.body.data.updatedAt).toBe(twoHours.toISOString());
      expect(c.body.data.createdAt).toBe(new Date(now - 3_600_000).toISOString());

      const order = [a, c, b].map((r) => r.body.data.id);
      expect((await ideasOf(ctx, u)).map((i) => i.id)).toEqual(order);
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { data: { items: { id: string }[]; nextCursor: string | null } } } = await call(
          ctx,
          "GET",
          `/api/feed?limit=1${cursor ? `&cursor=${cursor}` : ""}`,
          { token: u.token },
        );
        walked.push(...page.body.data.items.map((i) => i.id));
        cursor = page.body.data.nextCursor;
      } while (cursor);
      expect(walked).toEqual(order);
    });

    it("is never in the future, and never more than 7 days back", async () => {
      const u = await registerUser(ctx);
      const before = Date.now();
      const future = await capture(ctx, u.token, {
        content: "来自未来",
        capturedAt: new Date(before + 3 * DAY).toISOString(),
      });
      const past = await capture(ctx, u.token, {
        content: "很久以前",
        capturedAt: "2020-01-01T08:00:00+08:00",
      });
      const after = Date.now();
      expect(future.status).toBe(201);
      const futureAt = Date.parse(future.body.data.createdAt);
      expect(futureAt).toBeGreaterThanOrEqual(before - 1000);
      expect(futureAt).toBeLessThanOrEqual(after + 1000);
      expect(future.body.data.updatedAt).toBe(future.body.data.createdAt);
      const pastAt = Date.parse(past.body.data.createdAt);
      expect(pastAt).toBeGreaterThanOrEqual(before - 7 * DAY - 1000);
      expect(pastAt).toBeLessThanOrEqual(after - 7 * DAY + 1000);
      expect((await ideasOf(ctx, u)).map((i) => i.content)).toEqual(["来自未来", "很久以前"]);
    });

    it("refuses a time without an offset, or not a time at all", async () => {
      const u = await registerUser(ctx);
      for (const capturedAt of ["2026-01-01T08:00:00", "昨天", "2026-02-30T08:00:00Z", 1767225600000]) {
        const res = await capture(ctx, u.token, { content: "想法", capturedAt });
        expect(res.status, String(capturedAt)).toBe(400);
        expect(res.body.issues[0].path).toBe("capturedAt");
      }
      expect(await ideasOf(ctx, u)).toEqual([]);
    });
  });
});

forEachDatabase((ctx) => {
  const ai = withProvider(ctx, () => ({
    kind: "stream",
    chunks: ['```json\n{"title":"自动标题","content":"整理后的正文","tags":[]}\n```'],
  }));

  it("自动整理 runs for the first capture of a clientId and never for a repeat", async () => {
    const u = await registerUser(ctx);
    await chooseAutoTidy(ctx, u);
    const clientId = randomUUID();
    const first = await request(ai.ctx, "createIdea", {
      token: u.token,
      body: { content: "随手", clientId },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.aiStatus).toBe("pending");
    const tidied = await eventually(
      async () =>
        (await request(ctx, "getIdea", { params: { id: first.body.data.id }, token: u.token })).body.data,
      (idea) => idea.aiStatus !== "pending",
    );
    expect(tidied).toMatchObject({ aiStatus: "done", title: "自动标题" });
    const sent = ai.fake.received.length;

    const again = await request(ai.ctx, "createIdea", {
      token: u.token,
      body: { content: "随手", clientId },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, aiStatus: "done", title: "自动标题" });
    await new Promise((r) => setTimeout(r, 300));
    expect(ai.fake.received.length).toBe(sent);
    const balance = await request(ctx, "getPoints", { token: u.token });
    expect(balance.body.data.balance).toBe(99);
  });
});

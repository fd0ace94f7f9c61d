import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/env.ts";
import { forEachDatabase, registerUser, request } from "../helpers.ts";

const capture = (ctx: Parameters<Parameters<typeof forEachDatabase>[0]>[0], token: string, content: string) =>
  request(ctx, "createIdea", { token, body: { content } });

forEachDatabase(
  (ctx) => {
    describe("per-user write limits", () => {
      it("lets a burst of captures through, then answers 429 with when to retry; other accounts write on", async () => {
        const [heavy, other] = [await registerUser(ctx), await registerUser(ctx)];
        for (let i = 0; i < 3; i++) expect((await capture(ctx, heavy.token, `第 ${i} 条`)).status).toBe(201);
        const refused = await capture(ctx, heavy.token, "第 4 条");
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ code: "RATE_LIMITED" });
        expect(refused.body.message).toMatch(/^记录想法太频繁了，请 \d+ 秒后再试$/);
        const wait = Number(refused.headers.get("retry-after"));
        expect(wait).toBeGreaterThanOrEqual(1);
        expect(wait).toBeLessThanOrEqual(20);
        expect(
          (await request(ctx, "listIdeas", { token: heavy.token, query: {} })).body.data.items,
        ).toHaveLength(3);
        expect((await capture(ctx, other.token, "别人的想法")).status).toBe(201);
      });

      it("refills at the sustained rate", async () => {
        const u = await registerUser(ctx);
        for (let i = 0; i < 3; i++) await capture(ctx, u.token, `第 ${i} 条`);
        expect((await capture(ctx, u.token, "太快了")).status).toBe(429);
        // a minute later (the bucket's clock moved back): 3 a minute, so the burst is there again
        await ctx.db.query(
          "UPDATE write_buckets SET updated_at = updated_at - interval '60 seconds' WHERE user_id = $1",
          [u.id],
        );
        expect((await capture(ctx, u.token, "一分钟后")).status).toBe(201);
      });

      it("holds under concurrency: of 10 captures at once, exactly the burst goes through", async () => {
        const u = await registerUser(ctx);
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => capture(ctx, u.token, `并发 ${i}`)),
        );
        expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
        expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
      });

      it("limits notes on their own bucket", async () => {
        const u = await registerUser(ctx);
        await capture(ctx, u.token, "想法不占笔记的份");
        const note = (n: number) =>
          request(ctx, "createNote", { token: u.token, body: { title: `笔记 ${n}`, content: "内容" } });
        expect((await note(1)).status).toBe(201);
        expect((await note(2)).status).toBe(201);
        const refused = await note(3);
        expect(refused.status).toBe(429);
        expect(refused.body.message).toMatch(/^保存笔记太频繁了/);
      });
    });
  },
  { RATE_CAPTURES: "3/3", RATE_NOTES: "2/2" },
);

describe("write limit configuration", () => {
  it('reads "burst/perMinute", "0" for none, and refuses anything else naming the variable', () => {
    expect(loadConfig({}).writeLimits.captures).toEqual({ burst: 120, perMinute: 30 });
    expect(loadConfig({ RATE_CHAT: "5/1" }).writeLimits.chat).toEqual({ burst: 5, perMinute: 1 });
    expect(loadConfig({ RATE_UPLOADS: "0" }).writeLimits.uploads).toBeNull();
    for (const bad of ["120", "0/5", "a/b", "-1/3"]) {
      expect(() => loadConfig({ RATE_NOTES: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ RATE_NOTES: bad }), bad).toThrow(/RATE_NOTES/);
    }
  });
});

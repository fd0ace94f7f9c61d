import { describe, expect, it } from "vitest";
import { purgeExpiredSessions } from "../../src/accounts/accounts.store.ts";
import { ConfigError, loadConfig } from "../../src/env.ts";
import { forEachDatabase, registerUser, request } from "../helpers.ts";

const HOUR_MS = 3_600_000;

forEachDatabase(
  (ctx) => {
    describe("a session's lifetime", () => {
      const backdate = (userId: string, interval: string) =>
        ctx.db.query(
          `UPDATE sessions SET created_at = created_at - $2::interval, last_seen_at = last_seen_at - $2::interval
           WHERE user_id = $1`,
          [userId, interval],
        );

      it("ends SESSION_MAX_AGE after sign-in however often it is used", async () => {
        const u = await registerUser(ctx);
        // Used every day, its 30-day expiry kept sliding; signed in 5 hours ago against a 4-hour cap.
        await backdate(u.id, "5 hours");
        expect((await request(ctx, "me", { token: u.token })).status).toBe(401);
      });

      it("slides within it, and never past it", async () => {
        const u = await registerUser(ctx);
        await backdate(u.id, "3 hours");
        expect((await request(ctx, "me", { token: u.token })).status).toBe(200);
        const { rows } = await ctx.db.query<{ left_s: number }>(
          "SELECT extract(epoch FROM expires_at - created_at)::int AS left_s FROM sessions WHERE user_id = $1",
          [u.id],
        );
        expect(rows[0]!.left_s).toBeLessThanOrEqual(4 * 3600);
        expect(rows[0]!.left_s).toBeGreaterThan(4 * 3600 - 120);
      });

      it("expired sessions are purged; live ones stay", async () => {
        const [gone, kept] = [await registerUser(ctx), await registerUser(ctx)];
        await ctx.db.query(
          "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1",
          [gone.id],
        );
        expect(await purgeExpiredSessions(ctx.db)).toBeGreaterThanOrEqual(1);
        const { rows } = await ctx.db.query<{ user_id: string }>(
          "SELECT user_id FROM sessions WHERE user_id = ANY($1)",
          [[gone.id, kept.id]],
        );
        expect(rows.map((r) => r.user_id)).toEqual([kept.id]);
        expect((await request(ctx, "me", { token: kept.token })).status).toBe(200);
      });
    });

    describe("HSTS", () => {
      it("is on every response: the API, its errors and the app's pages", async () => {
        for (const path of ["/api/health", "/api/nothing-here", "/api/auth/me", "/", "/login"]) {
          const res = await ctx.app.request(path);
          expect(res.headers.get("strict-transport-security"), path).toBe(
            "max-age=15552000; includeSubDomains",
          );
        }
      });
    });
  },
  {},
  { sessionMaxAgeMs: 4 * HOUR_MS },
);

describe("configuration", () => {
  it("a session lasts at most 180 days (limits.ts)", () => {
    expect(loadConfig({}).sessionMaxAgeMs).toBe(180 * 24 * HOUR_MS);
  });

  it("AI_BASE_URL over plain http is refused unless it is this machine", () => {
    for (const ok of [
      "https://api.deepseek.com/v1",
      "http://localhost:11434/v1",
      "http://127.0.0.1:8080/v1",
      "http://[::1]:11434/v1",
    ]) {
      expect(loadConfig({ AI_BASE_URL: ok }).ai?.baseUrl, ok).toBe(ok);
    }
    for (const bad of [
      "http://api.example.com/v1",
      "http://192.168.1.10:11434/v1",
      "http://localhost.evil.cn/v1",
    ]) {
      expect(() => loadConfig({ AI_BASE_URL: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ AI_BASE_URL: bad }), bad).toThrow(/AI_BASE_URL/);
    }
  });
});

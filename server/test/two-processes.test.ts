import { createParser } from "eventsource-parser";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_APPLICATION_NAME } from "../src/export/lifecycle.ts";
import { type ChildServer, killAllChildren, startChildServer } from "./child-server.ts";
import { withBigData } from "./export/big-export-data.ts";
import { type FakeProvider, startFakeProvider } from "./fake-provider.ts";
import { onOneDatabase, registerUser, type TestCtx, type TestUser } from "./helpers.ts";

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: what one user does through
 * both at once. Real processes (`node server/src/index.ts`), real HTTP, one fake AI provider.
 */
type Answer = { status: number; body: string };

/** A request to one of the servers; a streamed answer is read to its end. */
async function send(base: string, path: string, token: string, body: unknown = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.text() };
}

const sseEvents = (text: string) => {
  const events: string[] = [];
  const parser = createParser({ onEvent: (e) => events.push(e.event ?? "message") });
  parser.feed(text);
  return events;
};

const exportBackends = async (ctx: TestCtx) =>
  (
    await ctx.db.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1",
      [EXPORT_APPLICATION_NAME],
    )
  ).rowCount;

/** As if the user's cooldown had passed (EXPORT_COOLDOWN may be shorter than a slow download). */
const cooldownPassed = (ctx: TestCtx, u: TestUser) =>
  ctx.db.query("UPDATE users SET last_export_at = now() - interval '2 hours' WHERE id = $1", [u.id]);

// What two processes share is PostgreSQL's doing, the same on any server: one database.
onOneDatabase((ctx) => {
  let fake: FakeProvider;
  let servers: ChildServer[];
  beforeAll(async () => {
    fake = await startFakeProvider();
    const env = {
      DATABASE_URL: ctx.url,
      AI_BASE_URL: fake.url,
      AI_API_KEY: "sk-test-key",
      RATE_CHAT: "0", // the per-user write limit would refuse most of these at once
      CONNECTIONS_PER_IP: "0", // every request here comes from one address
    };
    servers = await Promise.all([startChildServer(env), startChildServer(env)]);
  }, 60_000);
  afterAll(async () => {
    // not a graceful stop: one that served a cancelled export waits on that connection for seconds
    killAllChildren();
    await fake?.close();
  });

  describe("two server processes on one PostgreSQL", () => {
    it("240 concurrent paid chat messages through both: the balance never goes below zero, the ledger adds up to it, every refusal a clean 402", {
      timeout: 60_000,
    }, async () => {
      const u = await registerUser(ctx); // 100 points, 2 a reply: 50 replies
      const conversations: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = JSON.parse((await send(servers[i % 2]!.base, "/api/chat/conversations", u.token)).body);
        conversations.push(res.data.id);
      }
      const answers = await Promise.all(
        Array.from({ length: 240 }, (_, i) =>
          send(servers[i % 2]!.base, `/api/chat/conversations/${conversations[i % 4]}/messages`, u.token, {
            content: `并发提问 ${i}`,
          }),
        ),
      );
      const replies = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(replies).toHaveLength(50);
      for (const r of replies) expect(sseEvents(r.body).at(-1)).toBe("done");
      for (const r of refused) {
        expect(r.status).toBe(402);
        expect(JSON.parse(r.body)).toMatchObject({ success: false, code: "INSUFFICIENT_POINTS" });
        expect(JSON.parse(r.body).message).toMatch(/^AI点数不足/);
      }
      const { rows } = await ctx.db.query(
        `SELECT sum(delta)::int AS total, min(balance_after)::int AS lowest, count(*)::int AS lines,
                (SELECT balance FROM points_balances WHERE user_id = $1) AS balance
         FROM points_ledger WHERE user_id = $1`,
        [u.id],
      );
      expect(rows[0]).toEqual({ total: 0, lowest: 0, lines: 1 + 50, balance: 0 });
    });

    it("concurrent exports of one user through both: exactly one proceeds; the rest are refused, and free nothing they did not take", {
      timeout: 60_000,
    }, async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await withBigData(ctx, u);
      const start = (i: number, who = u) =>
        fetch(`${servers[i % 2]!.base}/api/export`, {
          method: "POST",
          headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
          body: "{}",
        });
      // six at once, three through each process: one claims the cooldown, the others get 429
      const first = await Promise.all(Array.from({ length: 6 }, (_, i) => start(i)));
      const [running, ...late] = [...first].sort((a, b) => a.status - b.status);
      expect([running!.status, ...late.map((r) => r.status)]).toEqual([200, 429, 429, 429, 429, 429]);
      for (const r of late) expect((await r.json()).code).toBe("EXPORT_COOLDOWN");
      expect(await exportBackends(ctx)).toBe(1); // its body unread: it holds its snapshot and lock

      // the cooldown passes while it still streams: the per-user lock refuses the next ones, in
      // either process, with 409 (or 429 when another of them holds the cooldown's claim that moment)
      await cooldownPassed(ctx, u);
      const second = await Promise.all(Array.from({ length: 6 }, (_, i) => start(i)));
      const statuses = second.map((r) => r.status);
      expect(statuses.every((s) => s === 409 || s === 429)).toBe(true);
      expect(statuses).toContain(409);
      const conflict = await second.find((r) => r.status === 409)!.json();
      expect(conflict).toMatchObject({
        code: "CONFLICT",
        message: "你的另一个导出正在进行，请等它完成后再试",
      });
      for (const r of second) if (!r.bodyUsed) await r.body?.cancel();
      expect(await exportBackends(ctx)).toBe(1);
      // the refused ones gave their claim back, and another user was never held up
      const permission = await fetch(`${servers[1]!.base}/api/export/permission`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect((await permission.json()).data.canExport).toBe(true);
      const others = await start(1, other);
      expect(others.status).toBe(200);
      expect(Object.keys(unzipSync(new Uint8Array(await others.arrayBuffer())))).toContain("data.json");

      // once the first one ends (its client goes away), the lock is free for the other process
      await running!.body!.cancel();
      await cooldownPassed(ctx, u);
      let again = await start(1);
      for (let i = 0; again.status === 409 && i < 100; i++) {
        await again.body?.cancel();
        await new Promise((r) => setTimeout(r, 25));
        again = await start(1);
      }
      expect(again.status).toBe(200);
      await again.body!.cancel();
    });

    it("每日回顾 asked through both at once: one set for the day, the same on every answer", async () => {
      const u = await registerUser(ctx);
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
         SELECT $1, '三天前的想法 ' || n, '三天前的想法 ' || n, now() - interval '3 days', now() - interval '3 days'
         FROM generate_series(1, 30) n`,
        [u.id],
      );
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const res = await fetch(`${servers[i % 2]!.base}/api/review/today`, {
            headers: { authorization: `Bearer ${u.token}` },
          });
          expect(res.status).toBe(200);
          const { data } = await res.json();
          return { date: data.date as string, ids: (data.items as { id: string }[]).map((item) => item.id) };
        }),
      );
      expect(answers[0]!.ids).toHaveLength(5);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      const { rows } = await ctx.db.query(
        "SELECT count(*)::int AS days FROM review_days WHERE user_id = $1",
        [u.id],
      );
      expect(rows[0]).toEqual({ days: 1 });
    });
  });
});

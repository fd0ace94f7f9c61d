import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, killAllChildren, startChildServer, stopChild } from "../child-server.ts";
import { call, onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { isChange, isEvent, openLive, readLive } from "./live-client.ts";

const capture = async (ctx: TestCtx, u: TestUser, content: string, extra: object = {}) => {
  const res = await request(ctx, "createIdea", { token: u.token, body: { content, ...extra } });
  expect(res.status).toBe(201);
  return res.body.data.id;
};

const token = async (ctx: TestCtx, u: TestUser, scope: "capture" | "read") =>
  (await request(ctx, "createAccessToken", { token: u.token, body: { name: scope, scope } })).body.data.token;

/** `p` settles within `ms`, or the test fails (an open stream never ending would hang it otherwise). */
const withinMs = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);

// the bounds small enough to pass in a test: 3 events of replay, 2 streams an account
onOneDatabase(
  (ctx) => {
    describe("GET /api/events", () => {
      it("tells an open device of a capture, an edit and a delete made by other requests, ids only, 不让AI读取 too", async () => {
        const u = await registerUser(ctx);
        const live = await openLive(ctx, u.token);
        expect(live.status).toBe(200);
        const ready = await live.next(isEvent("ready"));
        const id = await capture(ctx, u, "周末去看陶艺展");
        const created = await live.next(isChange("idea.created", id));
        expect(created.data).toEqual({ type: "idea.created", id, itemType: "idea", at: expect.any(String) });
        expect(Number(created.id)).toBeGreaterThan(Number(ready.id));
        await request(ctx, "updateIdea", { token: u.token, params: { id }, body: { content: "改过的" } });
        const updated = await live.next(isChange("idea.updated", id));
        expect(Number(updated.id)).toBeGreaterThan(Number(created.id));
        await request(ctx, "deleteIdea", { token: u.token, params: { id } });
        await live.next(isChange("idea.deleted", id));
        const hidden = await capture(ctx, u, "只给自己看的", { aiExcluded: true });
        const told = await live.next(isChange("idea.created", hidden));
        expect(Object.keys(told.data).sort()).toEqual(["at", "id", "itemType", "type"]);
        // another account's change reaches no one here
        const other = await registerUser(ctx);
        const theirs = await capture(ctx, other, "别人的想法");
        const mine = await capture(ctx, u, "我的下一条");
        await live.next(isChange("idea.created", mine));
        expect(live.events.some((e) => e.event === "change" && e.data.id === theirs)).toBe(false);
        await live.close();
      });

      it("replays what a reconnect missed after Last-Event-ID; past the bounds it says reload, then carries on", async () => {
        const u = await registerUser(ctx);
        const first = await openLive(ctx, u.token);
        const position = (await first.next(isEvent("ready"))).id!;
        await first.close();
        const missed = [await capture(ctx, u, "一"), await capture(ctx, u, "二")];
        const again = await openLive(ctx, u.token, position);
        const replayed = [await again.next(isEvent("change")), await again.next(isEvent("change"))];
        expect(replayed.map((e) => e.event === "change" && e.data.id)).toEqual(missed);
        const resumeAt = (await again.next(isEvent("ready"))).id!;
        await again.close();

        // more than replayMaxEvents (3 here) missed
        for (const n of ["三", "四", "五", "六"]) await capture(ctx, u, n);
        const tooMany = await openLive(ctx, u.token, resumeAt);
        expect((await tooMany.next(isEvent("reload"))).data).toEqual({ reason: "too-many" });
        const fresh = (await tooMany.next(isEvent("ready"))).id!;
        const after = await capture(ctx, u, "重新加载之后");
        await tooMany.next(isChange("idea.created", after));
        await tooMany.close();

        // one missed event older than replayMaxAgeMs (an hour)
        const old = await capture(ctx, u, "一小时前");
        await ctx.db.query("UPDATE item_events SET at = now() - interval '61 minutes' WHERE item_id = $1", [
          old,
        ]);
        const tooOld = await openLive(ctx, u.token, fresh);
        expect((await tooOld.next(isEvent("reload"))).data).toEqual({ reason: "too-old" });
        await tooOld.close();
      });

      it("sends a change committed after a later one (ids commit out of order), without holding the later one", async () => {
        const u = await registerUser(ctx);
        const early = await capture(ctx, u, "先开始的事务");
        const live = await openLive(ctx, u.token);
        await live.next(isEvent("ready"));
        const slow = await ctx.db.connect();
        try {
          await slow.query("BEGIN");
          // 置顶 changes no usage, so the account's usage row is not locked: the capture below need not wait
          await slow.query("UPDATE ideas SET pinned = true WHERE id = $1", [early]); // takes its event id now
          const quick = await capture(ctx, u, "后开始、先提交");
          const sent = await live.next(isChange("idea.created", quick)); // not held for the open transaction
          await slow.query("COMMIT");
          const late = await live.next(isChange("idea.updated", early));
          expect(Number(late.id)).toBeGreaterThanOrEqual(Number(sent.id)); // ids never go back
        } finally {
          slow.release();
        }
        await live.close();
      });

      it("lets a read token in and refuses a capture token; at most streamsPerAccount streams an account, in Chinese", async () => {
        const u = await registerUser(ctx);
        const read = await openLive(ctx, await token(ctx, u, "read"));
        expect(read.status).toBe(200);
        await read.next(isEvent("ready"));
        const refused = await call(ctx, "GET", "/api/events", { token: await token(ctx, u, "capture") });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toContain("权限不够");

        const second = await openLive(ctx, u.token);
        await second.next(isEvent("ready"));
        const third = await call(ctx, "GET", "/api/events", { token: u.token });
        expect(third.status).toBe(429);
        expect(third.body.message).toBe("同时打开的实时连接已达 2 个，请关闭一些页面或设备后再试");
        // another account is not affected, and a closed stream frees its place
        expect(
          (await call(ctx, "GET", "/api/events", { token: (await registerUser(ctx)).token })).status,
        ).toBe(200);
        await second.close();
        await expect
          .poll(async () => (await call(ctx, "GET", "/api/events", { token: u.token })).status)
          .toBe(200);
        await read.close();
      });

      it("ends a stream at once when the token or session that opened it goes; the account's other streams stay", async () => {
        const u = await registerUser(ctx);
        const made = await request(ctx, "createAccessToken", {
          token: u.token,
          body: { name: "阅读器", scope: "read" },
        });
        const byToken = await openLive(ctx, made.body.data.token);
        await byToken.next(isEvent("ready"));
        const other = await openLive(ctx, u.token);
        await other.next(isEvent("ready"));

        const revoked = await request(ctx, "revokeAccessToken", {
          token: u.token,
          params: { id: made.body.data.id },
        });
        expect(revoked.status).toBe(200);
        await withinMs(byToken.ended, 5000);
        expect((await call(ctx, "GET", "/api/events", { token: made.body.data.token })).status).toBe(401);
        // the session's stream is still told of changes
        const id = await capture(ctx, u, "令牌撤销之后");
        await other.next(isChange("idea.created", id));

        // signing out ends the session's own stream
        const second = await call(ctx, "POST", "/api/auth/login", {
          body: { account: u.account, password: u.password },
        });
        const bySecond = await openLive(ctx, second.body.data.token);
        await bySecond.next(isEvent("ready"));
        expect((await call(ctx, "POST", "/api/auth/logout", { token: second.body.data.token })).status).toBe(
          200,
        );
        await withinMs(bySecond.ended, 5000);
        const again = await capture(ctx, u, "退出登录之后");
        await other.next(isChange("idea.created", again));
        await other.close();
      });
    });

    describe("across two server processes", () => {
      let servers: ChildServer[];
      beforeAll(async () => {
        const env = { DATABASE_URL: ctx.url, CONNECTIONS_PER_IP: "0" };
        servers = await Promise.all([startChildServer(env), startChildServer(env)]);
      }, 60_000);
      afterAll(() => killAllChildren());

      it("a change through one reaches a stream on the other; a stopping process ends its streams at once", async () => {
        const [a, b] = servers as [ChildServer, ChildServer];
        const u = await registerUser(ctx);
        const auth = { authorization: `Bearer ${u.token}` };
        const live = readLive(await fetch(`${a.base}/api/events`, { headers: auth }));
        await live.next(isEvent("ready"));
        const res = await fetch(`${b.base}/api/ideas`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ content: "另一个进程记下的" }),
        });
        const { data } = await res.json();
        await live.next(isChange("idea.created", data.id));
        const stopping = Date.now();
        await stopChild(a);
        await live.ended;
        expect(Date.now() - stopping).toBeLessThan(5_000); // not the drain's 10 s grace
        expect(a.lines.some((l) => l.includes('"event stream ended"') && l.includes('"shutdown"'))).toBe(
          true,
        );
      }, 30_000);
    });
  },
  {},
  { events: { replayMaxEvents: 3, streamsPerAccount: 2 } },
);

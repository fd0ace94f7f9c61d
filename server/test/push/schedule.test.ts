/**
 * What is pushed when (issue 34, item 2): 每日回顾 at the person's time, 周报/月报 once ready, each
 * claimed once per person and day across processes. The channels are stand-ins of the vendors
 * (../support/push-vendors.ts; WeCom: https://developer.work.weixin.qq.com/document/path/91770,
 * Bark: https://github.com/Finb/bark-server/blob/master/docs/API_V2.md, Feishu:
 * https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot, a plain webhook:
 * https://www.standardwebhooks.com/), which check each request.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AppDeps } from "../../src/context.ts";
import { createPool, type Db } from "../../src/db/pool.ts";
import { insertInsight } from "../../src/insights/insights.store.ts";
import { createLogger } from "../../src/logger.ts";
import { deliveryOf, findChannelRow } from "../../src/push/push.store.ts";
import { claimAndDeliver, reviewMessage, runDuePushes } from "../../src/push/schedule.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { beijingDay, beijingTime } from "../../src/shared/beijing-time.ts";
import { onOneDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { startPushVendors } from "../support/push-vendors.ts";

const SECRET_KEY = "push-schedule-key-0123456789abcdefghijk";
const SECRETS = {
  wecomKey: "wecom-schedule-key",
  feishuSecret: "feishu-secret",
  dingtalkToken: "ding-token",
  dingtalkSecret: "SECding",
  barkDeviceKey: "barkScheduleDevice",
  sendKey: "SCTschedule",
  webhookSecret: `whsec_${Buffer.alloc(32, 3).toString("base64")}`,
};
const DAY_MS = 86_400_000;

let vendors: Awaited<ReturnType<typeof startPushVendors>>;
beforeAll(async () => {
  vendors = await startPushVendors(SECRETS);
});
afterAll(() => vendors.close());

onOneDatabase(
  (ctx: TestCtx) => {
    const work = createBackgroundWork();
    const silent = createLogger("silent");
    afterAll(() => work.close());
    // the sweep pushes everyone due: channels other files of this database left behind are not this file's
    beforeAll(() => ctx.db.query("DELETE FROM push_channels"));

    const deps = (at: Date, db: Db = ctx.db, w = work): AppDeps => ({
      config: ctx.config,
      db,
      logger: silent,
      work: w,
      clock: () => at,
    });
    const today = beijingDay(new Date());
    const at = (day: string, time: string) => new Date(`${day}T${time}:00+08:00`);
    const addDay = (day: string, n: number) => beijingDay(new Date(at(day, "12:00").getTime() + n * DAY_MS));

    /** A person with a WeCom robot (its key carrying a marker, so that their messages are told apart). */
    const person = async (marker = randomUUID().slice(0, 8)) => {
      const u = await registerUser(ctx);
      const res = await request(ctx, "createPushChannel", {
        token: u.token,
        body: { kind: "wecom", url: `${vendors.urls.wecom}&m=${marker}` },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return { ...u, marker, channelId: res.body.data.id as string };
    };
    const wecomFor = (p: { marker: string }) =>
      vendors.got.wecom
        .filter((g) => g.query.get("m") === p.marker)
        .map((g) => g.json.markdown.content as string);
    /** Ideas written days ago: 每日回顾 draws from before today. */
    const ideaDaysAgo = async (u: TestUser, content: string, days: number, extra: object = {}) => {
      const made = await request(ctx, "createIdea", { token: u.token, body: { content, ...extra } });
      await ctx.db.query("UPDATE ideas SET created_at = now() - $2 * interval '1 day' WHERE id = $1", [
        made.body.data.id,
        days,
      ]);
      return made.body.data.id as string;
    };

    it("每日回顾 at the chosen time: the day's items as excerpts with links, 那年今日, and 不让AI读取 by title only", async () => {
      const p = await person();
      await request(ctx, "updatePushSettings", { token: p.token, body: { reviewAt: "07:15" } });
      const plain = await ideaDaysAgo(p, "周末去看陶艺展，顺便买一只杯子", 3);
      const secretTitled = await ideaDaysAgo(p, "工资条上的数字是 12345", 4, { aiExcluded: true });
      await request(ctx, "updateIdea", {
        token: p.token,
        params: { id: secretTitled },
        body: { title: "私事" },
      });
      await ideaDaysAgo(p, "体检报告：血压偏高", 5, { aiExcluded: true });
      const yearAgo = await ideaDaysAgo(p, "去年今天在杭州看雪", 0);
      await ctx.db.query(
        "UPDATE ideas SET created_at = ($2::date - interval '1 year') + time '10:00' - interval '8 hours' WHERE id = $1",
        [yearAgo, today],
      );

      // 07:14 in Beijing: not yet
      expect((await runDuePushes(deps(at(today, "07:14")))).reviews).toBe(0);
      expect(wecomFor(p)).toEqual([]);
      const done = await runDuePushes(deps(at(today, "07:15")));
      expect(done.reviews).toBeGreaterThanOrEqual(1);
      const [content] = wecomFor(p);
      const [, m, d] = today.split("-").map(Number);
      expect(content).toContain(`### 每日回顾 · ${m}月${d}日`);
      expect(content).toContain(
        `- 周末去看陶艺展，顺便买一只杯子 [查看](http://localhost:${ctx.config.port}/ideas/${plain})`,
      );
      expect(content).toContain(`- 私事 [查看](http://localhost:${ctx.config.port}/ideas/${secretTitled})`);
      expect(content).toContain("- 一条想法（内容不推送） [查看]");
      expect(content).not.toContain("12345");
      expect(content).not.toContain("血压");
      expect(content).toContain("**那年今日**");
      expect(content).toContain("去年今天在杭州看雪");
      expect(content).toContain(`[打开拾念](http://localhost:${ctx.config.port}/review)`);
      // the set pushed is the review wing's own for the day
      const shown = (await request(ctx, "reviewToday", { token: p.token })).body.data.items.map(
        (i: { id: string }) => i.id,
      );
      for (const id of shown) expect(content).toContain(`/ideas/${id})`);
      expect(await deliveryOf(ctx.db, p.id, "review", today)).toMatchObject({
        state: "sent",
        sent_to: [p.channelId],
      });
    });

    it("the same day is never sent twice, and a day the server missed is never sent afterwards", async () => {
      const p = await person();
      await ideaDaysAgo(p, "第二天也要回顾的想法", 2);
      const yesterday = addDay(today, -1);
      // past its time by more than push.reviewLateMs (08:30 + 6 h): it waits for tomorrow
      await runDuePushes(deps(at(today, "14:31")));
      expect(wecomFor(p)).toHaveLength(0);
      // the server was down all of yesterday: only today's is sent, once, however often the sweep runs
      await runDuePushes(deps(at(today, "09:00")));
      await runDuePushes(deps(at(today, "09:01")));
      await runDuePushes(deps(at(today, "21:00")));
      expect(wecomFor(p)).toHaveLength(1);
      expect(await deliveryOf(ctx.db, p.id, "review", yesterday)).toBeNull();
      // yesterday's clock again (a process whose clock is behind): still nothing for a day gone by twice
      await runDuePushes(deps(at(today, "09:02")));
      expect(wecomFor(p)).toHaveLength(1);
      // switched off: nothing
      await request(ctx, "updatePushSettings", { token: p.token, body: { review: false } });
      await ctx.db.query("DELETE FROM push_deliveries WHERE user_id = $1", [p.id]);
      await runDuePushes(deps(at(today, "09:03")));
      expect(wecomFor(p)).toHaveLength(1);
    });

    it("is claimed once when two processes sweep at once", async () => {
      const p = await person();
      await ideaDaysAgo(p, "两个进程同时醒来", 2);
      const pools = [
        createPool({ ...ctx.poolConfig, max: 3 }, silent),
        createPool({ ...ctx.poolConfig, max: 3 }, silent),
      ];
      try {
        const done = await Promise.all(pools.map((db) => runDuePushes(deps(at(today, "10:00"), db))));
        expect(done.map((d) => d.reviews).sort()).toEqual([0, 1]);
      } finally {
        await Promise.all(pools.map((db) => db.end()));
      }
      expect(wecomFor(p)).toHaveLength(1);
    });

    it("a channel failing is retried after a wait, to it alone; a claim whose process died is taken over", async () => {
      const p = await person();
      const bark = await request(ctx, "createPushChannel", {
        token: p.token,
        body: { kind: "bark", url: vendors.urls.bark, deviceKey: SECRETS.barkDeviceKey },
      });
      expect(bark.status).toBe(201);
      await ideaDaysAgo(p, "重试的想法", 2);
      const barkBefore = vendors.got.bark.length;
      vendors.outage("bark", { status: 502, body: "<html>502 Bad Gateway</html>" });
      await runDuePushes(deps(at(today, "11:00")));
      expect(wecomFor(p)).toHaveLength(1);
      expect(await deliveryOf(ctx.db, p.id, "review", today)).toMatchObject({
        state: "retry",
        attempts: 1,
        sent_to: [p.channelId],
        error: "bark：Bark答复 HTTP 502：<html>502 Bad Gateway</html>",
      });
      // before the wait is over: nothing
      await runDuePushes(deps(at(today, "11:00")));
      expect(vendors.got.bark.length).toBe(barkBefore + 1);
      // the wait over: Bark alone is sent to again, and the day is done
      await ctx.db.query(
        "UPDATE push_deliveries SET next_at = now() - interval '1 second' WHERE user_id = $1",
        [p.id],
      );
      await runDuePushes(deps(at(today, "11:02")));
      expect(vendors.got.bark.length).toBe(barkBefore + 2);
      expect(wecomFor(p)).toHaveLength(1);
      const settled = await deliveryOf(ctx.db, p.id, "review", today);
      expect(settled).toMatchObject({ state: "sent", attempts: 2, error: null });
      expect(settled!.sent_to.sort()).toEqual([p.channelId, bark.body.data.id].sort());

      // a claim another process holds is left alone while fresh, taken over once stale
      const q = await person();
      await ideaDaysAgo(q, "接手的想法", 2);
      await ctx.db.query("INSERT INTO push_deliveries (user_id, kind, key) VALUES ($1, 'review', $2)", [
        q.id,
        today,
      ]);
      await runDuePushes(deps(at(today, "11:03")));
      expect(wecomFor(q)).toHaveLength(0);
      await ctx.db.query(
        "UPDATE push_deliveries SET claimed_at = now() - $2 * interval '1 millisecond' WHERE user_id = $1",
        [q.id, ctx.config.push.staleClaimMs + 1000],
      );
      await runDuePushes(deps(at(today, "11:04")));
      expect(wecomFor(q)).toHaveLength(1);
    });

    it("a 周报 once made is pushed once, with its opening and a link", async () => {
      const p = await person();
      const insightId = await insertInsight(ctx.db, p.id, {
        title: "周报：手作的一周",
        lens: "summary",
        prompt: null,
        scope: { from: addDay(today, -7), to: addDay(today, -1) },
        body: "这一周记下了 3 条想法、0 篇笔记。用得最多的标签：#手工（2）。\n\n陶艺 [1] 与木工 [2]。",
        citations: [],
        itemCount: 3,
      });
      await ctx.db.query(
        "INSERT INTO digests (user_id, period, state, insight_id) VALUES ($1, 'week:2026-11-23', 'made', $2)",
        [p.id, insightId],
      );
      // the review is off here: only the digest
      await request(ctx, "updatePushSettings", { token: p.token, body: { review: false } });
      expect((await runDuePushes(deps(new Date()))).digests).toBe(1);
      const [content] = wecomFor(p);
      expect(content).toContain("### 周报：手作的一周");
      expect(content).toContain("这一周记下了 3 条想法、0 篇笔记。用得最多的标签：＃手工（2）。");
      expect(content).not.toContain("木工");
      expect(content).toContain(`[打开拾念](http://localhost:${ctx.config.port}/insights/${insightId})`);
      await runDuePushes(deps(new Date()));
      expect(wecomFor(p)).toHaveLength(1);
      // digests off: a later one is not pushed
      await request(ctx, "updatePushSettings", { token: p.token, body: { digests: false } });
      await ctx.db.query("UPDATE digests SET period = 'week:2026-11-30' WHERE user_id = $1", [p.id]);
      expect((await runDuePushes(deps(new Date()))).digests).toBe(0);
    });

    /** The review's last try comes due: the next sweep gives up if it fails (push.retryDelaysMs). */
    const lastTryDue = async (userId: string) => {
      await ctx.db.query("DELETE FROM push_deliveries WHERE user_id = $1", [userId]);
      await ctx.db.query(
        `INSERT INTO push_deliveries (user_id, kind, key, state, attempts, next_at)
         VALUES ($1, 'review', $2, 'retry', $3, now() - interval '1 second')`,
        [userId, today, ctx.config.push.retryDelaysMs.length],
      );
    };
    const feishuPerson = async (secret: string) => {
      const u = await registerUser(ctx);
      const res = await request(ctx, "createPushChannel", {
        token: u.token,
        body: { kind: "feishu", url: vendors.urls.feishu, secret },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await ideaDaysAgo(u, "飞书群里的回顾", 2);
      return { ...u, channelId: res.body.data.id as string };
    };

    it("a vendor's bad day never switches a channel off; real refusals count once a push, when it gives up", async () => {
      // Feishu answering 502 all day: every try fails, the last error is kept, nothing is counted
      const p = await feishuPerson(SECRETS.feishuSecret);
      const tries = 1 + ctx.config.push.maxFailures + 1;
      vendors.outage(
        "feishu",
        ...Array.from({ length: tries }, () => ({ status: 502, body: "<html>502 Bad Gateway</html>" })),
      );
      await runDuePushes(deps(at(today, "12:00")));
      expect(await deliveryOf(ctx.db, p.id, "review", today)).toMatchObject({ state: "retry" });
      for (let i = 1; i < tries; i++) {
        await lastTryDue(p.id);
        await runDuePushes(deps(at(today, "12:00")));
        expect(await deliveryOf(ctx.db, p.id, "review", today)).toMatchObject({ state: "failed" });
      }
      expect(await findChannelRow(ctx.db, p.id, p.channelId)).toMatchObject({
        enabled: true,
        failures: 0,
        last_error: "飞书答复 HTTP 502：<html>502 Bad Gateway</html>",
      });

      // a wrong signature: a try with retries to come counts nothing; each push given up counts one
      const q = await feishuPerson("typo-secret");
      await runDuePushes(deps(at(today, "12:01")));
      expect(await findChannelRow(ctx.db, q.id, q.channelId)).toMatchObject({
        enabled: true,
        failures: 0,
        last_error: expect.stringContaining("错误码 19021"),
      });
      for (let i = 1; i <= ctx.config.push.maxFailures; i++) {
        await lastTryDue(q.id);
        await runDuePushes(deps(at(today, "12:01")));
        expect((await findChannelRow(ctx.db, q.id, q.channelId))?.failures).toBe(i);
      }
      const off = await findChannelRow(ctx.db, q.id, q.channelId);
      expect(off).toMatchObject({
        enabled: false,
        disabled_reason: expect.stringContaining("连续 5 次发送失败"),
      });
      await ctx.db.query("DELETE FROM push_channels WHERE user_id = ANY($1)", [[p.id, q.id]]);
    });

    it("a delivery cut short by shutdown after one channel is taken over without sending to that channel again", async () => {
      const p = await person();
      const bark = await request(ctx, "createPushChannel", {
        token: p.token,
        body: { kind: "bark", url: vendors.urls.bark, deviceKey: SECRETS.barkDeviceKey },
      });
      await ideaDaysAgo(p, "关机前的想法", 2);
      const barkBefore = vendors.got.bark.length;
      // the process shuts down while Bark (its second channel) is being sent to
      const dying = createBackgroundWork();
      vendors.onNext("bark", () => void dying.close());
      await runDuePushes(deps(at(today, "12:02"), ctx.db, dying));
      expect(wecomFor(p)).toHaveLength(1);
      expect(vendors.got.bark.length).toBe(barkBefore + 1);
      expect(await deliveryOf(ctx.db, p.id, "review", today)).toMatchObject({
        state: "claimed",
        sent_to: [p.channelId],
      });
      // our own shutdown is not the channel's failure
      expect(await findChannelRow(ctx.db, p.id, bark.body.data.id)).toMatchObject({
        enabled: true,
        failures: 0,
        last_error: null,
      });
      // its claim gone stale, another process takes it over: Bark alone
      await ctx.db.query(
        "UPDATE push_deliveries SET claimed_at = now() - $2 * interval '1 millisecond' WHERE user_id = $1",
        [p.id, ctx.config.push.staleClaimMs + 1000],
      );
      await runDuePushes(deps(at(today, "12:03")));
      expect(wecomFor(p)).toHaveLength(1);
      expect(vendors.got.bark.length).toBe(barkBefore + 2);
      const settled = await deliveryOf(ctx.db, p.id, "review", today);
      expect(settled?.state).toBe("sent");
      expect(settled!.sent_to.sort()).toEqual([p.channelId, bark.body.data.id].sort());
    });

    it("a webhook's webhook-id is the same on every try of one scheduled push", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "createPushChannel", {
        token: u.token,
        body: { kind: "webhook", url: vendors.urls.webhook, secret: SECRETS.webhookSecret },
      });
      await ideaDaysAgo(u, "接收地址的想法", 2);
      // the receiver checks the signed timestamp against its own clock: pushed at the real now
      const now = new Date();
      await request(ctx, "updatePushSettings", {
        token: u.token,
        body: { reviewAt: beijingTime(now).slice(11, 16) },
      });
      vendors.outage("webhook", { status: 503, body: "" });
      await runDuePushes(deps(now));
      expect(await deliveryOf(ctx.db, u.id, "review", beijingDay(now))).toMatchObject({ state: "retry" });
      await ctx.db.query(
        "UPDATE push_deliveries SET next_at = now() - interval '1 second' WHERE user_id = $1",
        [u.id],
      );
      await runDuePushes(deps(new Date(now.getTime() + 1000)));
      expect(await deliveryOf(ctx.db, u.id, "review", beijingDay(now))).toMatchObject({ state: "sent" });
      const [first, second] = vendors.got.webhook.slice(-2).map((g) => g.headers["webhook-id"]);
      expect(first).toMatch(/^msg_[A-Za-z0-9_-]{32}$/);
      expect(second).toBe(first);
    });

    it("a digest whose insight was deleted is not pushed, and a message that cannot be built settles, the claim let go", async () => {
      const p = await person();
      await request(ctx, "updatePushSettings", { token: p.token, body: { review: false } });
      const gone = randomUUID();
      await ctx.db.query(
        "INSERT INTO digests (user_id, period, state, insight_id) VALUES ($1, 'month:2026-10', 'made', $2)",
        [p.id, gone],
      );
      await expect(runDuePushes(deps(new Date()))).resolves.toMatchObject({ digests: 0 });
      expect(await deliveryOf(ctx.db, p.id, "digest", "month:2026-10")).toBeNull();
      // deleted between the query and the message (a race): settled as failed, not held
      const { digestMessage } = await import("../../src/push/schedule.ts");
      const d = deps(new Date());
      await expect(
        claimAndDeliver(d, p.id, "digest", "month:2026-10", () => digestMessage(d, p.id, gone)),
      ).resolves.toBe(true);
      expect(await deliveryOf(ctx.db, p.id, "digest", "month:2026-10")).toMatchObject({
        state: "failed",
        error: expect.stringMatching(/[\u4e00-\u9fff]/),
      });
      expect(wecomFor(p)).toHaveLength(0);
    });

    it("the message reads the day the sweep claimed, not the clock again (a run crossing midnight)", async () => {
      const u = await registerUser(ctx);
      await ideaDaysAgo(u, "跨过午夜的想法", 3);
      const message = await reviewMessage(deps(at(addDay(today, 1), "00:01")), u.id, today);
      const [, m, d] = today.split("-").map(Number);
      expect(message?.title).toBe(`每日回顾 · ${m}月${d}日`);
    });

    it("a vendor that never answers holds a scheduled send for scheduledTimeoutMs only, counts nothing, and holds no one else up", async () => {
      const slow = await registerUser(ctx);
      const hanging = await request(ctx, "createPushChannel", {
        token: slow.token,
        body: { kind: "webhook", url: `${vendors.base}/hang`, secret: SECRETS.webhookSecret },
      });
      await ideaDaysAgo(slow, "慢的接收地址", 2);
      const p = await person();
      await ideaDaysAgo(p, "不被耽误的想法", 2);
      const quick: AppDeps = {
        ...deps(at(today, "12:06")),
        config: { ...ctx.config, push: { ...ctx.config.push, scheduledTimeoutMs: 300 } },
      };
      const started = Date.now();
      await runDuePushes(quick);
      expect(Date.now() - started).toBeLessThan(ctx.config.push.timeoutMs);
      expect(wecomFor(p)).toHaveLength(1);
      expect(await deliveryOf(ctx.db, slow.id, "review", today)).toMatchObject({
        state: "retry",
        error: "webhook：推送渠道没有及时答复",
      });
      expect(await findChannelRow(ctx.db, slow.id, hanging.body.data.id)).toMatchObject({
        enabled: true,
        failures: 0,
        last_error: "推送渠道没有及时答复",
      });
      await ctx.db.query("DELETE FROM push_channels WHERE user_id = $1", [slow.id]);
    });
  },
  { SECRET_KEY, OUTBOUND_ALLOW_LOCAL: "true" },
);

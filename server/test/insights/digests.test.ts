import { describe, expect, it } from "vitest";
import type { AppDeps } from "../../src/context.ts";
import { createPool, type Db } from "../../src/db/pool.ts";
import { latestMonth, latestWeek } from "../../src/insights/digest-period.ts";
import { claimDigest, digestState } from "../../src/insights/digests.store.ts";
import { DIGEST_STALE_MS, runDueDigests } from "../../src/insights/digests.ts";
import { createLogger } from "../../src/logger.ts";
import { spend } from "../../src/points/points.ts";
import { createBackgroundWork } from "../../src/shared/background-work.ts";
import { balanceOf, eventually, withProvider } from "../ai/helpers.ts";
import { isChange, isEvent, openLive } from "../events/live-client.ts";
import { type Scripted, tokens } from "../fake-provider.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const silent = createLogger("silent");
const says = (text: string): Scripted => ({ kind: "stream", chunks: tokens(text, 5) });
/** A Beijing wall time as an instant. */
const beijing = (time: string) => new Date(`${time}+08:00`);

describe("a digest's period, in Beijing time", () => {
  it("the week is Monday to Sunday, due from Sunday 20:00", () => {
    // 2026-11-29 is a Sunday
    expect(latestWeek(beijing("2026-11-29T19:59:59"))).toMatchObject({
      key: "week:2026-11-16",
      from: "2026-11-16",
      to: "2026-11-22",
    });
    expect(latestWeek(beijing("2026-11-29T20:00:00"))).toMatchObject({
      key: "week:2026-11-23",
      from: "2026-11-23",
      to: "2026-11-29",
      label: "11月23日至11月29日这一周",
    });
    // 12:00 UTC on Sunday is already 20:00 in Beijing
    expect(latestWeek(new Date("2026-11-29T12:00:00Z")).key).toBe("week:2026-11-23");
    expect(latestWeek(beijing("2026-12-03T09:00:00")).key).toBe("week:2026-11-23");
    // across the year's end, and a week holding 29 February
    expect(latestWeek(beijing("2027-01-03T20:00:00"))).toMatchObject({
      from: "2026-12-28",
      to: "2027-01-03",
    });
    expect(latestWeek(beijing("2028-03-05T21:00:00"))).toMatchObject({
      from: "2028-02-28",
      to: "2028-03-05",
    });
  });

  it("the month is the one before the 1st, due from 08:00", () => {
    expect(latestMonth(beijing("2026-12-31T23:59:59"))).toMatchObject({ key: "month:2026-11" });
    expect(latestMonth(beijing("2027-01-01T07:59:59"))).toMatchObject({ key: "month:2026-11" });
    expect(latestMonth(beijing("2027-01-01T08:00:00"))).toMatchObject({
      key: "month:2026-12",
      from: "2026-12-01",
      to: "2026-12-31",
      label: "2026年12月",
    });
    // 00:00 UTC on the 1st is 08:00 in Beijing
    expect(latestMonth(new Date("2027-01-01T00:00:00Z")).key).toBe("month:2026-12");
    expect(latestMonth(beijing("2028-03-01T08:00:00"))).toMatchObject({
      from: "2028-02-01",
      to: "2028-02-29",
    });
    expect(latestMonth(beijing("2027-03-01T08:00:00"))).toMatchObject({
      from: "2027-02-01",
      to: "2027-02-28",
    });
  });
});

forEachDatabase((plain) => {
  const ai = withProvider(plain);
  const deps = (at: string, db: Db = ai.ctx.db): AppDeps => ({
    config: ai.ctx.config,
    db,
    logger: silent,
    work: createBackgroundWork(),
    clock: () => beijing(at),
  });
  const optIn = async (ctx: TestCtx, u: TestUser, digest: "weekly" | "monthly" | "off") =>
    expect(
      (await request(ctx, "updateProfile", { token: u.token, body: { settings: { digest } } })).status,
    ).toBe(200);
  /** Ideas captured at these Beijing times (straight into the table: a capture may be at most 7 days old). */
  const ideasAt = async (
    u: TestUser,
    ideas: { at: string; text: string; tags?: string[]; excluded?: boolean }[],
  ) => {
    const ids: string[] = [];
    for (const i of ideas) {
      const { rows } = await ai.ctx.db.query<{ id: string }>(
        `INSERT INTO ideas (user_id, original_content, content, tags, ai_excluded, created_at, updated_at)
         VALUES ($1, $2, $2, $3, $4, $5, $5) RETURNING id`,
        [u.id, i.text, i.tags ?? [], i.excluded ?? false, beijing(i.at)],
      );
      ids.push(rows[0]!.id);
    }
    return ids;
  };
  const noteAt = (u: TestUser, at: string, title: string, tags: string[]) =>
    ai.ctx.db.query(
      "INSERT INTO notes (user_id, title, content, tags, created_at, updated_at) VALUES ($1, $2, $2, $3, $4, $4)",
      [u.id, title, tags, beijing(at)],
    );
  // opting in also sweeps at once on the app's own clock (today): only the periods asked about are looked at
  const stateOf = async (u: TestUser, period: string) => {
    const row = await digestState(ai.ctx.db, u.id, period);
    return row && { state: row.state, reason: row.reason };
  };
  const insightsOf = async (u: TestUser) =>
    (await ai.ctx.db.query<{ id: string }>("SELECT id FROM insights WHERE user_id = $1", [u.id])).rows;

  describe("周报/月报", () => {
    it("a month's digest on 1 January for December: what was captured, counted by us, then the reading with citations; badge until read", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await optIn(ctx, u, "monthly");
      const ids = await ideasAt(u, [
        { at: "2025-12-01T00:00:00", text: "#读书 月初开始读《置身事内》", tags: ["读书"] },
        { at: "2025-12-15T12:00:00", text: "#读书 #跑步 读完一章去跑步", tags: ["读书", "跑步"] },
        { at: "2025-12-31T23:59:00", text: "#跑步 年底跑了十公里", tags: ["跑步"] },
        { at: "2025-12-20T10:00:00", text: "#跑步 不给 AI 看的体检结果", tags: ["跑步"], excluded: true },
        // outside the month: neither counted nor read
        { at: "2025-11-30T23:59:00", text: "#读书 十一月的最后一条", tags: ["读书"] },
        { at: "2026-01-01T00:00:00", text: "#读书 新年第一条", tags: ["读书"] },
      ]);
      await noteAt(u, "2025-12-10T09:00:00", "读书笔记", ["读书"]);
      const before = await balanceOf(ctx, u);
      const asked = ai.fake.received.length;
      ai.fake.script(says("标题：读书与跑步\n\n这个月你在读书 [1]，也开始跑步 [4]，两件事连在一起 [3]。"));

      expect(await runDueDigests(deps("2026-01-01T08:00:00"))).toBe(1);
      expect(ai.fake.received.length).toBe(asked + 1);
      const prompt = ai.fake.received
        .at(-1)!
        .body.messages.map((m) => m.content)
        .join("\n");
      expect(prompt).toContain("年底跑了十公里");
      expect(prompt).not.toContain("体检结果");
      expect(prompt).not.toContain("十一月的最后一条");
      expect(prompt).not.toContain("新年第一条");
      expect(await balanceOf(ctx, u)).toBe(before - ctx.config.points.insight);

      const me = await request(ctx, "me", { token: u.token });
      expect(me.body.data.unreadDigests).toBe(1);
      const list = await request(ctx, "listInsights", { token: u.token, query: {} });
      const [entry] = list.body.data.items;
      expect(entry).toMatchObject({ kind: "digest", unread: true, title: "月报：读书与跑步" });
      const insight = (await request(ctx, "getInsight", { token: u.token, params: { id: entry!.id } })).body
        .data;
      expect(insight).toMatchObject({ kind: "digest", readAt: null, lens: "summary" });
      expect(insight.scope).toEqual({ from: "2025-12-01", to: "2025-12-31" });
      // four ideas (the one the AI may not read too) and a note; tags by use, not those of that one
      expect(insight.body.split("\n\n")[0]).toBe(
        "2025年12月记下了 4 条想法、1 篇笔记。用得最多的标签：#读书（3）、#跑步（2）。",
      );
      expect(insight.body).toContain("这个月你在读书 [1]");
      expect(insight.citations.map((c: { id: string }) => c.id)).toEqual([ids[0], ids[1], ids[2]]);

      const read = await request(ctx, "markInsightRead", { token: u.token, params: { id: insight.id } });
      expect(read.body.data).toEqual({ unreadDigests: 0 });
      expect((await request(ctx, "me", { token: u.token })).body.data.unreadDigests).toBe(0);
      const again = (await request(ctx, "getInsight", { token: u.token, params: { id: insight.id } })).body
        .data;
      expect(again.readAt).not.toBeNull();
      // another account can neither read nor mark it
      const other = await registerUser(ctx);
      const theirs = await request(ctx, "markInsightRead", {
        token: other.token,
        params: { id: insight.id },
      });
      expect(theirs.status).toBe(404);

      // drawn once: later sweeps in the same month ask nothing more
      expect(await runDueDigests(deps("2026-01-20T12:00:00"))).toBe(0);
      expect(ai.fake.received.length).toBe(asked + 1);
      await optIn(ctx, u, "off");
    });

    it("a digest made, read, or deleted unread is told at once to the person's open devices (account), to no one else's", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await optIn(ctx, u, "weekly");
      await ideasAt(u, [
        { at: "2025-08-04T09:00:00", text: "周一去游泳" },
        { at: "2025-08-05T09:00:00", text: "周二又去游泳" },
        { at: "2025-08-06T09:00:00", text: "周三歇了一天" },
        { at: "2025-08-11T09:00:00", text: "下周一还去游泳" },
        { at: "2025-08-12T09:00:00", text: "下周二换成跑步" },
        { at: "2025-08-13T09:00:00", text: "下周三两样都做" },
      ]);
      const live = await openLive(ctx, u.token);
      const theirs = await openLive(ctx, other.token);
      await live.next(isEvent("ready"));
      await theirs.next(isEvent("ready"));
      const unread = async () => (await request(ctx, "me", { token: u.token })).body.data.unreadDigests;

      ai.fake.script(says("标题：游泳\n\n这一周你常去游泳 [1]。"));
      expect(await runDueDigests(deps("2025-08-10T20:30:00"))).toBe(1);
      expect((await live.next(isEvent("account"))).data).toEqual({ changed: "unreadDigests" });
      expect(await unread()).toBe(1);
      const [first] = await insightsOf(u);

      const read = await request(ctx, "markInsightRead", { token: u.token, params: { id: first!.id } });
      expect(read.body.data).toEqual({ unreadDigests: 0 });
      await live.next(isEvent("account"));
      // opened again: nothing changed, nothing told
      await request(ctx, "markInsightRead", { token: u.token, params: { id: first!.id } });

      ai.fake.script(says("标题：游泳与跑步\n\n这一周你开始跑步 [2]。"));
      expect(await runDueDigests(deps("2025-08-17T20:30:00"))).toBe(1);
      await live.next(isEvent("account"));
      const second = (await insightsOf(u)).find((i) => i.id !== first!.id)!;
      expect(await unread()).toBe(1);
      expect(
        (await request(ctx, "deleteInsight", { token: u.token, params: { id: second.id } })).status,
      ).toBe(200);
      await live.next(isEvent("account"));
      expect(await unread()).toBe(0);
      // a read one deleted: the count stays, nothing told
      await request(ctx, "deleteInsight", { token: u.token, params: { id: first!.id } });

      // NOTIFYs reach the stream in commit order: whatever came before this capture's change is in;
      // two made, one read, one deleted unread, and not the second read nor the read one deleted
      const last = await request(ctx, "createIdea", { token: u.token, body: { content: "收尾的一条" } });
      await live.next(isChange("idea.created", last.body.data.id));
      expect(live.events.filter((e) => e.event === "account")).toHaveLength(4);
      const mine = await request(ctx, "createIdea", { token: other.token, body: { content: "别人的" } });
      await theirs.next(isChange("idea.created", mine.body.data.id));
      expect(theirs.events.some((e) => e.event === "account")).toBe(false);
      await live.close();
      await theirs.close();
      await optIn(ctx, u, "off");
    });

    it("29 February is in February's digest, drawn on 1 March", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await optIn(ctx, u, "monthly");
      await ideasAt(u, [
        { at: "2024-02-01T09:00:00", text: "二月一日" },
        { at: "2024-02-15T09:00:00", text: "二月十五日" },
        { at: "2024-02-29T23:00:00", text: "闰日的想法" },
      ]);
      ai.fake.script(says("标题：二月\n\n闰日也有记录 [3]。"));
      expect(await runDueDigests(deps("2024-03-01T08:00:00"))).toBe(1);
      const [insight] = await insightsOf(u);
      const got = (await request(ctx, "getInsight", { token: u.token, params: { id: insight!.id } })).body
        .data;
      expect(got.scope).toEqual({ from: "2024-02-01", to: "2024-02-29" });
      expect(got.body).toMatch(/^2024年2月记下了 3 条想法、0 篇笔记。\n\n/);
      expect(got.citations[0]?.title).toContain("闰日");
      await optIn(ctx, u, "off");
    });

    it("is claimed once when two processes sweep at once", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await optIn(ctx, u, "weekly");
      await ideasAt(u, [
        { at: "2025-06-02T09:00:00", text: "周一的想法" },
        { at: "2025-06-04T09:00:00", text: "周三的想法" },
        { at: "2025-06-08T19:00:00", text: "周日的想法" },
      ]);
      const before = await balanceOf(ctx, u);
      const asked = ai.fake.received.length;
      // slow enough that both processes are at it together
      ai.fake.script({
        kind: "stream",
        chunks: tokens("标题：一周\n\n周一 [1]，周日 [3]。", 2),
        delayMs: 200,
      });
      const pools = [
        createPool({ ...ctx.poolConfig, max: 3 }, silent),
        createPool({ ...ctx.poolConfig, max: 3 }, silent),
      ];
      try {
        // Sunday 2025-06-08 20:00 in Beijing
        const drawn = await Promise.all(pools.map((p) => runDueDigests(deps("2025-06-08T20:00:00", p))));
        expect(drawn.sort()).toEqual([0, 1]);
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
      expect(ai.fake.received.length).toBe(asked + 1);
      expect(await insightsOf(u)).toHaveLength(1);
      expect(await balanceOf(ctx, u)).toBe(before - ctx.config.points.insight);
      expect(await stateOf(u, "week:2025-06-02")).toEqual({ state: "made", reason: null });
      await optIn(ctx, u, "off");
    });

    it("one run at a time in a process: asked again meanwhile, the run goes round once more", async () => {
      const ctx = ai.ctx;
      const [first, second] = [await registerUser(ctx), await registerUser(ctx)];
      for (const u of [first, second])
        await ideasAt(u, [
          { at: "2025-05-05T09:00:00", text: "一" },
          { at: "2025-05-06T09:00:00", text: "二" },
          { at: "2025-05-07T09:00:00", text: "三" },
        ]);
      await optIn(ctx, first, "weekly");
      const slow = { kind: "stream", chunks: tokens("标题：五月\n\n一 [1]。", 2), delayMs: 300 } as const;
      ai.fake.script(slow, slow);
      const process = deps("2025-05-11T20:30:00");
      const asked = ai.fake.received.length;
      const running = runDueDigests(process);
      // the run is past its list of who is due: asking the provider for the first
      await eventually(
        async () => ai.fake.received.length,
        (n) => n > asked,
      );
      await optIn(ctx, second, "weekly");
      expect(await runDueDigests(process)).toBe(0);
      expect(await running).toBe(2);
      for (const u of [first, second]) {
        expect(await stateOf(u, "week:2025-05-05")).toEqual({ state: "made", reason: null });
        await optIn(ctx, u, "off");
      }
    });

    it("a claim whose process died is taken over once stale, never while fresh", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await optIn(ctx, u, "weekly");
      await ideasAt(u, [
        { at: "2025-07-07T09:00:00", text: "一" },
        { at: "2025-07-08T09:00:00", text: "二" },
        { at: "2025-07-09T09:00:00", text: "三" },
      ]);
      // a process claimed the week, then died
      expect(await claimDigest(ctx.db, u.id, "week:2025-07-07", DIGEST_STALE_MS)).not.toBeNull();
      const asked = ai.fake.received.length;
      expect(await runDueDigests(deps("2025-07-13T21:00:00"))).toBe(0);
      expect(ai.fake.received.length).toBe(asked);
      await ctx.db.query(
        "UPDATE digests SET claimed_at = now() - $2 * interval '1 millisecond' WHERE user_id = $1",
        [u.id, DIGEST_STALE_MS + 1000],
      );
      ai.fake.script(says("标题：七月\n\n一 [1]。"));
      expect(await runDueDigests(deps("2025-07-13T21:00:00"))).toBe(1);
      expect(await insightsOf(u)).toHaveLength(1);
      expect(await digestState(ctx.db, u.id, "week:2025-07-07")).toMatchObject({ state: "made" });
      await optIn(ctx, u, "off");
    });

    it("with fewer than 3 readable items, or too few points, is skipped without asking or charging, and not retried", async () => {
      const ctx = ai.ctx;
      const few = await registerUser(ctx);
      const poor = await registerUser(ctx);
      for (const u of [few, poor]) await optIn(ctx, u, "weekly");
      await ideasAt(few, [
        { at: "2025-08-04T09:00:00", text: "只有两条" },
        { at: "2025-08-05T09:00:00", text: "第二条" },
        { at: "2025-08-06T09:00:00", text: "不给 AI 看", excluded: true },
      ]);
      await ideasAt(poor, [
        { at: "2025-08-04T09:00:00", text: "一" },
        { at: "2025-08-05T09:00:00", text: "二" },
        { at: "2025-08-06T09:00:00", text: "三" },
      ]);
      await spend(
        ctx.db,
        poor.id,
        (await balanceOf(ctx, poor)) - ctx.config.points.insight + 1,
        "chat_reply",
      );
      const balances = [await balanceOf(ctx, few), await balanceOf(ctx, poor)];
      const asked = ai.fake.received.length;
      expect(await runDueDigests(deps("2025-08-10T20:30:00"))).toBe(2);
      expect(await stateOf(few, "week:2025-08-04")).toEqual({ state: "skipped", reason: "too_few" });
      expect(await stateOf(poor, "week:2025-08-04")).toEqual({ state: "skipped", reason: "points" });
      expect([await balanceOf(ctx, few), await balanceOf(ctx, poor)]).toEqual(balances);
      expect(ai.fake.received.length).toBe(asked);
      expect(await insightsOf(few)).toEqual([]);
      // the next sweep leaves them be
      expect(await runDueDigests(deps("2025-08-10T21:30:00"))).toBe(0);
      for (const u of [few, poor]) await optIn(ctx, u, "off");
    });

    it("a server down for weeks draws only the latest period, never the older ones", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await optIn(ctx, u, "weekly");
      // three in the week of 2025-09-01, none in the weeks after
      await ideasAt(u, [
        { at: "2025-09-01T09:00:00", text: "一" },
        { at: "2025-09-02T09:00:00", text: "二" },
        { at: "2025-09-03T09:00:00", text: "三" },
      ]);
      const asked = ai.fake.received.length;
      expect(await runDueDigests(deps("2025-09-17T10:00:00"))).toBe(1);
      expect(await stateOf(u, "week:2025-09-08")).toEqual({ state: "skipped", reason: "too_few" });
      expect(await stateOf(u, "week:2025-09-01")).toBeNull();
      expect(ai.fake.received.length).toBe(asked);
      await optIn(ctx, u, "off");
    });

    it("not opted in, or turned off: none", async () => {
      const ctx = ai.ctx;
      const u = await registerUser(ctx);
      await ideasAt(u, [
        { at: "2025-10-06T09:00:00", text: "一" },
        { at: "2025-10-07T09:00:00", text: "二" },
        { at: "2025-10-08T09:00:00", text: "三" },
      ]);
      expect((await request(ctx, "me", { token: u.token })).body.data.settings.digest).toBe("off");
      expect(await runDueDigests(deps("2025-10-12T20:30:00"))).toBe(0);
      await optIn(ctx, u, "weekly");
      await optIn(ctx, u, "off");
      expect(await runDueDigests(deps("2025-10-12T20:30:00"))).toBe(0);
      expect(await stateOf(u, "week:2025-10-06")).toBeNull();
      const bad = await request(ctx, "updateProfile", {
        token: u.token,
        body: { settings: { digest: "daily" } },
      } as never);
      expect(bad.status).toBe(400);
    });
  });
});

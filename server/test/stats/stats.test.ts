import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createLogger } from "../../src/logger.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const silent = createLogger("silent");
/** Noon in Beijing on `day` (YYYY-MM-DD). */
const beijingNoon = (day: string) => `${day}T12:00:00+08:00`;

forEachDatabase((ctx) => {
  /** The suite's app on its own clock, fixed at noon in Beijing on `day`. */
  const on = (day: string): TestCtx => ({
    ...ctx,
    app: createApp({
      config: ctx.config,
      db: ctx.db,
      logger: silent,
      clock: () => new Date(beijingNoon(day)),
    }),
  });
  const statsOf = async (u: TestUser, day?: string) => {
    const res = await request(day ? on(day) : ctx, "getStats", { token: u.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const countOn = (data: { days: { date: string; count: number }[] }, date: string) =>
    data.days.find((d) => d.date === date)?.count;
  /** Ideas of the user captured at these instants, with these tags, straight into the table. */
  const ideasAt = async (u: TestUser, times: string[], tags: string[] = []) => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO ideas (user_id, original_content, content, tags, created_at, updated_at)
       SELECT $1, '统计' || n, '统计' || n, $3, t, t FROM unnest($2::timestamptz[]) WITH ORDINALITY AS x(t, n)
       RETURNING id`,
      [u.id, times, tags],
    );
    return rows.map((r) => r.id);
  };
  const notesAt = (u: TestUser, times: string[], tags: string[] = []) =>
    ctx.db.query(
      `INSERT INTO notes (user_id, title, content, tags, created_at, updated_at)
       SELECT $1, '笔记' || n, '内容', $3, t, t FROM unnest($2::timestamptz[]) WITH ORDINALITY AS x(t, n)`,
      [u.id, times, tags],
    );
  const noonsOf = (...days: string[]) => days.map(beijingNoon);
  /** The counts the triggers keep, against the items themselves grouped by Beijing day. */
  const expectCountsMatchItems = async (u: TestUser) => {
    const { rows } = await ctx.db.query(
      `SELECT (SELECT coalesce(json_agg(x ORDER BY day), '[]') FROM (
                SELECT (created_at AT TIME ZONE 'Asia/Shanghai')::date AS day, count(*)::int AS count
                FROM (SELECT created_at FROM ideas WHERE user_id = $1 UNION ALL
                      SELECT created_at FROM notes WHERE user_id = $1) i GROUP BY 1) x) AS truth,
              (SELECT coalesce(json_agg(c ORDER BY day), '[]') FROM (
                SELECT day, count FROM capture_days WHERE user_id = $1) c) AS kept`,
      [u.id],
    );
    expect(rows[0].kept).toEqual(rows[0].truth);
  };

  describe("统计", () => {
    it("counts each capture on its Beijing day: 23:30 in Beijing (15:30 UTC) is that day, 00:30 the next", async () => {
      const u = await registerUser(ctx);
      await ideasAt(u, ["2031-03-14T15:30:00Z", "2031-03-14T16:30:00Z", "2030-02-28T12:00:00Z"]);
      await notesAt(u, noonsOf("2031-03-15"));
      const data = await statsOf(u, "2031-03-15");
      expect(countOn(data, "2031-03-14")).toBe(1);
      expect(countOn(data, "2031-03-15")).toBe(2);
      // the last year: today and the 364 days before it, every day listed once
      expect(data.days[0]).toEqual({ date: "2030-03-16", count: 0 });
      expect(data.days.at(-1)).toEqual({ date: "2031-03-15", count: 2 });
      expect(data.days).toHaveLength(365);
      expect(data.days.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(3);
      expect(data.byMonth).toHaveLength(13);
      expect(data.byMonth[0]).toEqual({ month: "2030-03", count: 0 });
      expect(data.byMonth.at(-1)).toEqual({ month: "2031-03", count: 3 });
      await expectCountsMatchItems(u);
    });

    it("counts what the person captures through the API today, and never another account's items", async () => {
      const [u, other] = [await registerUser(ctx), await registerUser(ctx)];
      for (const content of ["第一条想法", "第二条想法"]) {
        expect((await request(ctx, "createIdea", { token: u.token, body: { content } })).status).toBe(201);
      }
      expect(
        (
          await request(ctx, "createNote", {
            token: other.token,
            body: { title: "别人的", content: "别人的" },
          })
        ).status,
      ).toBe(201);
      const mine = await statsOf(u);
      expect(mine.days.at(-1)!.count).toBe(2);
      expect(mine.streak).toBe(1);
      const theirs = await statsOf(other);
      expect(theirs.days.at(-1)!.count).toBe(1);
      expect(theirs.days.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(1);
    });

    it("leaves out items in 回收站, counts them again when restored, and not after deleting them for good", async () => {
      const u = await registerUser(ctx);
      const [kept, trashed] = await ideasAt(u, noonsOf("2031-03-10", "2031-03-10"), ["读书"]);
      expect(kept).toBeDefined();
      const day = "2031-03-15";
      expect(countOn(await statsOf(u, day), "2031-03-10")).toBe(2);
      expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed! } })).status).toBe(
        200,
      );
      let data = await statsOf(u, day);
      expect(countOn(data, "2031-03-10")).toBe(1);
      expect(data.byTag).toEqual([{ tag: "读书", count: 1 }]);
      expect(
        (await request(ctx, "restoreFromTrash", { token: u.token, params: { id: trashed! } })).status,
      ).toBe(200);
      data = await statsOf(u, day);
      expect(countOn(data, "2031-03-10")).toBe(2);
      expect(data.byTag).toEqual([{ tag: "读书", count: 2 }]);
      await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed! } });
      expect(
        (await request(ctx, "deleteFromTrash", { token: u.token, params: { id: trashed! } })).status,
      ).toBe(200);
      expect(countOn(await statsOf(u, day), "2031-03-10")).toBe(1);
      await expectCountsMatchItems(u);
    });

    it("runs the streak up to today, or up to yesterday while nothing is captured yet today", async () => {
      const u = await registerUser(ctx);
      await ideasAt(u, noonsOf("2031-03-10", "2031-03-12", "2031-03-13", "2031-03-14"));
      // a gap on the 11th: the run is the 12th to the 14th
      expect((await statsOf(u, "2031-03-15")).streak).toBe(3);
      await ideasAt(u, ["2031-03-15T15:59:59Z"]); // 23:59:59 in Beijing
      expect((await statsOf(u, "2031-03-15")).streak).toBe(4);
      // a whole day without a capture ends it
      expect((await statsOf(u, "2031-03-17")).streak).toBe(0);
    });

    it("runs the streak through 29 February in a leap year, and from 28 February to 1 March in a common one", async () => {
      const leap = await registerUser(ctx);
      await ideasAt(leap, noonsOf("2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"));
      const data = await statsOf(leap, "2028-03-01");
      expect(data.streak).toBe(4);
      expect(countOn(data, "2028-02-29")).toBe(1);
      expect(data.byMonth.find((m: { month: string }) => m.month === "2028-02")!.count).toBe(3);
      const common = await registerUser(ctx);
      await ideasAt(common, noonsOf("2027-02-27", "2027-02-28", "2027-03-01"));
      const commonData = await statsOf(common, "2027-03-01");
      expect(commonData.streak).toBe(3);
      expect(commonData.days.some((d: { date: string }) => d.date === "2027-02-29")).toBe(false);
    });

    it("runs the streak across the year's end, and counts 31 December at 23:30 in Beijing on the 31st", async () => {
      const u = await registerUser(ctx);
      await ideasAt(u, ["2030-12-30T04:00:00Z", "2030-12-31T15:30:00Z", "2031-01-01T04:00:00Z"]);
      const data = await statsOf(u, "2031-01-01");
      expect(data.streak).toBe(3);
      expect(countOn(data, "2030-12-31")).toBe(1);
      expect(countOn(data, "2031-01-01")).toBe(1);
      expect(data.days[0]!.date).toBe("2030-01-02");
      expect(data.byMonth.map((m: { month: string }) => m.month).slice(-2)).toEqual(["2030-12", "2031-01"]);
    });

    it("counts a streak longer than the heatmap's year over the whole history", async () => {
      const u = await registerUser(ctx);
      await ctx.db.query(
        `INSERT INTO notes (user_id, title, content, created_at)
         SELECT $1, '长跑', '每天一条', ('2031-03-15 12:00'::timestamp - n * interval '1 day') AT TIME ZONE 'Asia/Shanghai'
         FROM generate_series(0, 499) n`,
        [u.id],
      );
      expect((await statsOf(u, "2031-03-15")).streak).toBe(500);
    });

    it("lists the year's most used tags as written, the most used first, equal counts by tag, edits and renames followed", async () => {
      const u = await registerUser(ctx);
      await ideasAt(u, noonsOf("2031-03-01", "2031-02-01", "2030-06-01"), ["读书/小说"]);
      await ideasAt(u, noonsOf("2031-03-02", "2031-03-03"), ["跑步", "读书"]);
      await notesAt(u, noonsOf("2031-01-05", "2031-01-06"), ["b标签"]);
      await notesAt(u, noonsOf("2031-01-07", "2031-01-08"), ["a标签"]);
      // before the year (which starts 2030-03-01): not counted
      await ideasAt(u, noonsOf("2030-02-28", "2030-02-27", "2030-02-26"), ["旧标签"]);
      const day = "2031-03-15";
      expect((await statsOf(u, day)).byTag).toEqual([
        { tag: "读书/小说", count: 3 },
        { tag: "a标签", count: 2 },
        { tag: "b标签", count: 2 },
        { tag: "读书", count: 2 },
        { tag: "跑步", count: 2 },
      ]);
      const [edited] = await ideasAt(u, noonsOf("2031-03-04"), ["跑步"]);
      const res = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: edited! },
        body: { tags: ["读书"] },
      });
      expect(res.status).toBe(200);
      expect(
        (await request(ctx, "renameTag", { token: u.token, body: { from: "a标签", to: "c标签" } })).status,
      ).toBe(200);
      expect((await statsOf(u, day)).byTag).toEqual([
        { tag: "读书", count: 3 },
        { tag: "读书/小说", count: 3 },
        { tag: "b标签", count: 2 },
        { tag: "c标签", count: 2 },
        { tag: "跑步", count: 2 },
      ]);
      await expectCountsMatchItems(u);
    });

    it("goes with the account: deleting it leaves no counts behind", async () => {
      const u = await registerUser(ctx);
      await ideasAt(u, noonsOf("2031-03-01"), ["读书"]);
      await ctx.db.query("DELETE FROM users WHERE id = $1", [u.id]);
      const { rows } = await ctx.db.query(
        `SELECT (SELECT count(*) FROM capture_days WHERE user_id = $1)::int
              + (SELECT count(*) FROM capture_tag_months WHERE user_id = $1)::int AS left`,
        [u.id],
      );
      expect(rows[0].left).toBe(0);
    });
  });
});

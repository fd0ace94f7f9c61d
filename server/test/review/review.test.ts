import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { createPool } from "../../src/db/pool.ts";
import { createLogger } from "../../src/logger.ts";
import { sameDayInEarlierMonths, sameDayInEarlierYears } from "../../src/shared/beijing-time.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const silent = createLogger("silent");
/** Noon in Beijing on `day` (YYYY-MM-DD). */
const beijingNoon = (day: string) => new Date(`${day}T12:00:00+08:00`);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

forEachDatabase((ctx) => {
  /** The suite's app on its own clock, fixed at noon in Beijing on `day`. */
  const on = (day: string, db = ctx.db): TestCtx => ({
    ...ctx,
    app: createApp({ config: ctx.config, db, logger: silent, clock: () => beijingNoon(day) }),
  });
  const today = async (c: TestCtx, u: TestUser) => {
    const res = await request(c, "reviewToday", { token: u.token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const idsOf = (data: { items: { id: string }[] }) => data.items.map((i) => i.id);
  /** `n` ideas of the user captured at these instants (one per entry), straight into the table. */
  const ideasAt = async (u: TestUser, times: (string | Date)[]) => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO ideas (user_id, original_content, content, created_at, updated_at)
       SELECT $1, '回顾' || n, '回顾' || n, t, t FROM unnest($2::timestamptz[]) WITH ORDINALITY AS x(t, n)
       RETURNING id`,
      [u.id, times.map((t) => (t instanceof Date ? t.toISOString() : t))],
    );
    return rows.map((r) => r.id);
  };
  const older = (n: number, before = "2031-01-01") =>
    Array.from({ length: n }, (_, i) => new Date(Date.parse(`${before}T00:00:00Z`) - (i + 1) * 86_400_000));
  const setCount = (u: TestUser, reviewCount: number) =>
    request(ctx, "updateProfile", { token: u.token, body: { settings: { reviewCount } } });

  describe("每日回顾", () => {
    it("draws one set a day, the same for two server processes asking at once", async () => {
      const pools = [
        createPool({ ...ctx.poolConfig, max: 5 }, silent),
        createPool({ ...ctx.poolConfig, max: 5 }, silent),
      ];
      try {
        const [a, b] = pools.map((p) => on("2031-03-15", p)) as [TestCtx, TestCtx];
        const users = await Promise.all([1, 2, 3, 4].map(() => registerUser(ctx)));
        for (const u of users) await ideasAt(u, older(40));
        for (const u of users) {
          const [x, y] = await Promise.all([today(a, u), today(b, u)]);
          expect(x.items).toHaveLength(5);
          expect(idsOf(y)).toEqual(idsOf(x));
          expect(x.date).toBe("2031-03-15");
          // later in the day, from either process: still the same
          expect(idsOf(await today(b, u))).toEqual(idsOf(x));
          const { rows } = await ctx.db.query(
            "SELECT count(*)::int AS days, (SELECT sum(shown_count)::int FROM review_items WHERE user_id = $1) AS shown FROM review_days WHERE user_id = $1",
            [u.id],
          );
          expect(rows[0]).toEqual({ days: 1, shown: 5 });
        }
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
    });

    it("rotates the next day in Beijing time, and repeats nothing within 14 days while others remain", async () => {
      const u = await registerUser(ctx);
      expect((await setCount(u, 2)).status).toBe(200);
      const all = await ideasAt(u, older(30));
      const seen: string[] = [];
      // 23:59 and 00:01 Beijing time are two days, whatever the UTC date says
      const late = await request(
        {
          ...ctx,
          app: createApp({
            config: ctx.config,
            db: ctx.db,
            logger: silent,
            clock: () => new Date("2031-03-01T15:59:00Z"),
          }),
        },
        "reviewToday",
        { token: u.token },
      );
      const early = await request(
        {
          ...ctx,
          app: createApp({
            config: ctx.config,
            db: ctx.db,
            logger: silent,
            clock: () => new Date("2031-03-01T16:01:00Z"),
          }),
        },
        "reviewToday",
        { token: u.token },
      );
      expect([late.body.data.date, early.body.data.date]).toEqual(["2031-03-01", "2031-03-02"]);
      seen.push(...idsOf(late.body.data), ...idsOf(early.body.data));
      for (let d = 2; d < 14; d++) seen.push(...idsOf(await today(on(addDays("2031-03-01", d)), u)));
      expect(seen).toHaveLength(28);
      expect(new Set(seen).size).toBe(28);
      // day 15: the two never shown
      const day15 = idsOf(await today(on("2031-03-15"), u));
      expect(day15.sort()).toEqual(all.filter((id) => !seen.includes(id)).sort());
      // day 16: everything was shown within 14 days, so the oldest showing comes back rather than nothing
      const day16 = idsOf(await today(on("2031-03-16"), u));
      expect(day16).toHaveLength(2);
    });

    it("draws an empty day's set again once older items exist (an import), and keeps a drawn one", async () => {
      const u = await registerUser(ctx);
      const day = on("2031-05-10");
      // opened before anything old enough exists: today's captures come tomorrow
      await ideasAt(u, [new Date("2031-05-10T09:00:00+08:00")]);
      expect(idsOf(await today(day, u))).toEqual([]);
      expect(idsOf(await today(day, u))).toEqual([]);
      // an import brings memos written years ago: they count today
      const imported = await ideasAt(u, older(3, "2029-01-01"));
      const drawn = await today(day, u);
      expect(idsOf(drawn).sort()).toEqual([...imported].sort());
      expect(drawn.done).toEqual([]);
      const { rows } = await ctx.db.query(
        "SELECT sum(shown_count)::int AS shown FROM review_items WHERE user_id = $1",
        [u.id],
      );
      expect(rows[0]).toEqual({ shown: 3 });
      // a set that holds something is the day's set: more imports do not change it
      await ideasAt(u, older(3, "2028-01-01"));
      expect(idsOf(await today(day, u))).toEqual(idsOf(drawn));
    });

    it("never shows an excluded, trashed or newer-than-today item; 不让AI读取 ones are reviewed", async () => {
      const u = await registerUser(ctx);
      const [kept, excluded, trashed] = await ideasAt(u, older(3));
      await ctx.db.query("UPDATE ideas SET ai_excluded = true WHERE id = $1", [kept]);
      await ideasAt(u, [new Date("2031-04-03T08:00:00+08:00")]); // captured on the last of these days
      expect(
        (await request(ctx, "excludeFromReview", { token: u.token, params: { itemId: excluded! } })).body,
      ).toMatchObject({
        message: "这一条不再出现在每日回顾中",
        data: { excluded: true },
      });
      expect(
        (await request(ctx, "getReviewExclusion", { token: u.token, params: { itemId: excluded! } })).body
          .data,
      ).toEqual({
        excluded: true,
      });
      await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed! } });
      for (const day of ["2031-04-01", "2031-04-02", "2031-04-03"]) {
        const data = await today(on(day), u);
        expect(idsOf(data)).toEqual([kept]);
        expect(data.items[0]).toMatchObject({ type: "idea", aiExcluded: true });
      }
      // excluded after the day's set was drawn: gone from it at once; undone: back in the draw
      await request(ctx, "excludeFromReview", { token: u.token, params: { itemId: kept! } });
      expect(idsOf(await today(on("2031-04-03"), u))).toEqual([]);
      await request(ctx, "includeInReview", { token: u.token, params: { itemId: excluded! } });
      const next = idsOf(await today(on("2031-04-04"), u));
      expect(next).toContain(excluded);
      expect(next).not.toContain(kept);
    });

    it("marks 记住了 once per item of the day, and only for the day's items", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await ideasAt(u, older(3));
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO notes (user_id, title, content, created_at) VALUES ($1, '旧笔记', $2, '2030-01-01') RETURNING id`,
        [u.id, "长".repeat(600)],
      );
      const day = on("2031-05-05");
      const set = await today(day, u);
      expect(set.items).toHaveLength(4);
      expect(set.items.find((i) => i.type === "note")).toMatchObject({
        id: rows[0]!.id,
        preview: "长".repeat(500),
        contentLength: 600,
      });
      const [first, second] = idsOf(set) as [string, string];
      const done = (itemId: string, who = u, c = day) =>
        request(c, "markReviewDone", { token: who.token, params: { itemId } });
      expect((await done(first)).body).toMatchObject({ message: "记住了", data: { done: [first] } });
      expect((await done(first)).body.data).toEqual({ done: [first] });
      expect((await done(second)).body.data).toEqual({ done: [first, second] });
      expect((await today(day, u)).done).toEqual([first, second]);
      // taken out or deleted since the set was drawn: it has left the day's answer, so 404
      const [, , third, fourth] = idsOf(set) as [string, string, string, string];
      await request(day, "excludeFromReview", { token: u.token, params: { itemId: third } });
      const fourthType = set.items.find((i) => i.id === fourth)!.type;
      await request(day, fourthType === "idea" ? "deleteIdea" : "deleteNote", {
        token: u.token,
        params: { id: fourth },
      });
      for (const gone of [third, fourth]) expect((await done(gone)).status).toBe(404);
      expect((await today(day, u)).done).toEqual([first, second]);
      // another user's, or yesterday's set: not today's
      expect((await done(first, other)).status).toBe(404);
      const tomorrow = on("2031-05-06");
      const next = await today(tomorrow, u);
      const notInIt = idsOf(set).find((id) => !idsOf(next).includes(id));
      if (notInIt)
        expect((await done(notInIt, u, tomorrow)).body).toMatchObject({
          code: "NOT_FOUND",
          message: "今天的回顾里没有这一条",
        });
      expect(next.done).toEqual([]);
    });

    it("takes the count from 个人资料 (1–20), from the next day's set on", async () => {
      const u = await registerUser(ctx);
      await ideasAt(u, older(25));
      expect((await today(on("2031-06-01"), u)).items).toHaveLength(5);
      expect((await request(ctx, "getProfile", { token: u.token })).body.data.settings.reviewCount).toBe(5);
      expect((await setCount(u, 12)).body.data.settings.reviewCount).toBe(12);
      expect((await today(on("2031-06-01"), u)).items).toHaveLength(5);
      expect((await today(on("2031-06-02"), u)).items).toHaveLength(12);
      for (const bad of [0, 21, 2.5]) {
        const res = await setCount(u, bad);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/每日回顾的条数/);
      }
    });

    it("answers 404 for another user's item, and keeps an item's review history off its purge", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const [id] = await ideasAt(u, older(1));
      for (const name of ["excludeFromReview", "includeInReview", "getReviewExclusion"] as const) {
        const res = await request(ctx, name, { token: other.token, params: { itemId: id! } });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe("想法或笔记不存在");
      }
      await request(ctx, "excludeFromReview", { token: u.token, params: { itemId: id! } });
      await request(ctx, "deleteIdea", { token: u.token, params: { id: id! } });
      await request(ctx, "deleteFromTrash", { token: u.token, params: { id: id! } });
      const { rows } = await ctx.db.query("SELECT 1 FROM review_items WHERE user_id = $1", [u.id]);
      expect(rows).toEqual([]);
    });
  });

  describe("那年今日", () => {
    const onThisDay = async (day: string, u: TestUser) => {
      const res = await request(on(day), "onThisDay", { token: u.token });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const contents = (data: { items: { type: string }[] }) =>
      data.items.map((i) => ("content" in i ? (i.content as string) : "")).sort();
    const capture = async (u: TestUser, at: Record<string, string>) => {
      for (const [content, time] of Object.entries(at)) {
        await ctx.db.query(
          "INSERT INTO ideas (user_id, original_content, content, created_at) VALUES ($1, $2, $2, $3)",
          [u.id, content, time],
        );
      }
    };

    it("shows this day of earlier years, across the year boundary in Beijing time, never an excluded one", async () => {
      const u = await registerUser(ctx);
      await capture(u, {
        前年元旦: "2029-01-01T10:00:00+08:00",
        去年元旦零点: "2030-01-01T00:00:00+08:00", // 2029-12-31T16:00Z: Beijing's 1 January
        去年跨年夜: "2030-12-31T23:59:00+08:00",
        今年元旦: "2031-01-01T08:00:00+08:00",
      });
      const data = await onThisDay("2031-01-01", u);
      expect(data).toMatchObject({ date: "2031-01-01", unit: "year" });
      expect(contents(data)).toEqual(["前年元旦", "去年元旦零点"].sort());
      expect(contents(await onThisDay("2031-12-31", u))).toEqual(["去年跨年夜"]);
      // 不再回顾 leaves 那年今日 too
      const { rows } = await ctx.db.query<{ id: string }>(
        "SELECT id FROM ideas WHERE user_id = $1 AND content = '前年元旦'",
        [u.id],
      );
      await request(ctx, "excludeFromReview", { token: u.token, params: { itemId: rows[0]!.id } });
      expect(contents(await onThisDay("2031-01-01", u))).toEqual(["去年元旦零点"]);
    });

    it("falls back to this day of earlier months when no earlier year has one, across month ends", async () => {
      const u = await registerUser(ctx);
      await capture(u, {
        一月三十一日: "2031-01-31T09:00:00+08:00",
        三月三十日: "2031-03-30T09:00:00+08:00",
        三月三十一日: "2031-03-31T09:00:00+08:00",
        四月一日: "2031-04-01T09:00:00+08:00",
      });
      // 30 April, the month's last day: the 30th and 31st of earlier months (April has no 31st)
      const april = await onThisDay("2031-04-30", u);
      expect(april.unit).toBe("month");
      expect(contents(april)).toEqual(["一月三十一日", "三月三十日", "三月三十一日"].sort());
      expect(contents(await onThisDay("2031-05-31", u))).toEqual(["一月三十一日", "三月三十一日"].sort());
      expect(contents(await onThisDay("2031-05-01", u))).toEqual(["四月一日"]);
      // no month of the past year has a 29th captured: nothing, and no year either
      expect(await onThisDay("2031-05-29", u)).toMatchObject({ unit: "month", items: [] });
      // a year with one wins over the months
      await capture(u, { 去年五月一日: "2030-05-01T09:00:00+08:00" });
      expect(await onThisDay("2031-05-01", u)).toMatchObject({
        unit: "year",
        items: [{ content: "去年五月一日" }],
      });
    });

    it("shows 29 February on 28 February of a common year, and on 29 February of a leap year", async () => {
      const u = await registerUser(ctx);
      await capture(u, {
        闰日: "2028-02-29T20:00:00+08:00",
        二月二十八日: "2028-02-28T20:00:00+08:00",
        三月一日: "2028-03-01T08:00:00+08:00",
      });
      expect(contents(await onThisDay("2029-02-28", u))).toEqual(["二月二十八日", "闰日"].sort());
      expect(contents(await onThisDay("2029-03-01", u))).toEqual(["三月一日"]);
      expect(contents(await onThisDay("2032-02-29", u))).toEqual(["闰日"]);
      expect(contents(await onThisDay("2032-02-28", u))).toEqual(["二月二十八日"]);
    });

    it("reads the dates through the Beijing-day index", async () => {
      const dates = sameDayInEarlierYears("2031-02-28", 50);
      expect(dates.slice(0, 5)).toEqual([
        "2030-02-28",
        "2029-02-28",
        "2028-02-28",
        "2028-02-29",
        "2027-02-28",
      ]);
      expect(sameDayInEarlierMonths("2031-03-31", 3)).toEqual(["2031-01-31", "2030-12-31"]);
      const client = await ctx.db.connect();
      try {
        await client.query("SET enable_seqscan = off");
        const { rows } = await client.query(
          `EXPLAIN SELECT id FROM ideas WHERE user_id = gen_random_uuid()
             AND (created_at AT TIME ZONE 'Asia/Shanghai')::date = ANY('{2030-02-28}'::date[])`,
        );
        expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("ideas_user_beijing_day");
      } finally {
        await client.query("RESET enable_seqscan");
        client.release();
      }
    });
  });
});

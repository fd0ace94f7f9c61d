import { TIMELINE_MAX_ITEMS } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { addIdea } from "../ai/helpers.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  /** An idea captured on `day` (noon in Beijing), through the API so that its words are indexed. */
  async function ideaOn(u: TestUser, day: string, content: string) {
    const id = await addIdea(ctx, u, content);
    await ctx.db.query("UPDATE ideas SET created_at = $2 WHERE id = $1", [id, `${day}T12:00:00+08:00`]);
    return id;
  }
  const timelineOf = (c: TestCtx, u: TestUser, query: { tag?: string; q?: string }) =>
    request(c, "timeline", { token: u.token, query });

  describe("演变 timeline", () => {
    it("lists a tag's items (and its child tags') oldest first, never one in 回收站 or another account's", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const late = await ideaOn(u, "2026-11-20", "#陶艺 其实我更喜欢手捏");
      const early = await ideaOn(u, "2025-03-01", "#陶艺 第一次拉坯，泥总是歪");
      const middle = await ideaOn(u, "2026-01-15", "#陶艺/拉坯 拉坯要稳");
      const trashed = await ideaOn(u, "2026-02-01", "#陶艺 删掉的一条");
      await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed } });
      await ideaOn(u, "2026-02-02", "#读书 不相干");
      await ideaOn(other, "2026-02-03", "#陶艺 别人的");

      const res = await timelineOf(ctx, u, { tag: "陶艺" });
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual([early, middle, late]);
      expect(res.body.data.truncated).toBe(false);
      expect(res.body.data.items[0]).toMatchObject({ type: "idea", excerpt: "#陶艺 第一次拉坯，泥总是歪" });
    });

    it("past TIMELINE_MAX_ITEMS (200) keeps the newest, oldest first, and says it was cut off; at 200 it does not", async () => {
      const u = await registerUser(ctx);
      // 201 ideas under #陶艺, one a day from 2025-01-01 (straight into the table: only tags count here)
      const { rows } = await ctx.db.query<{ id: string }>(
        `INSERT INTO ideas (user_id, original_content, content, tags, created_at, updated_at)
         SELECT $1, '#陶艺 第' || n || '天', '#陶艺 第' || n || '天', '{陶艺}', t, t
         FROM generate_series(1, $2::int) n, LATERAL (SELECT timestamptz '2025-01-01 12:00+08' + (n - 1) * interval '1 day') d(t)
         ORDER BY n RETURNING id`,
        [u.id, TIMELINE_MAX_ITEMS + 1],
      );
      const ids = rows.map((r) => r.id);
      const cut = await timelineOf(ctx, u, { tag: "陶艺" });
      expect(cut.status).toBe(200);
      expect(cut.body.data.truncated).toBe(true);
      expect(cut.body.data.items.map((i: { id: string }) => i.id)).toEqual(ids.slice(1));
      expect(cut.body.data.items[0]?.excerpt).toBe("#陶艺 第2天");

      await request(ctx, "deleteIdea", { token: u.token, params: { id: ids[0]! } });
      const whole = await timelineOf(ctx, u, { tag: "陶艺" });
      expect(whole.body.data.items).toHaveLength(TIMELINE_MAX_ITEMS);
      expect(whole.body.data.truncated).toBe(false);
    });

    it("lists what a query finds, oldest first", async () => {
      const u = await registerUser(ctx);
      const b = await ideaOn(u, "2026-05-01", "拉坯要稳，手要湿");
      const a = await ideaOn(u, "2024-05-01", "第一次拉坯");
      await ideaOn(u, "2025-05-01", "今天去跑步");
      const res = await timelineOf(ctx, u, { q: "拉坯" });
      expect(res.status).toBe(200);
      expect(res.body.data.items.map((i: { id: string }) => i.id)).toEqual([a, b]);
    });

    it("with a tag and a query, lists what the query finds under the tag; with neither, refuses", async () => {
      const u = await registerUser(ctx);
      const kept = await ideaOn(u, "2026-05-01", "#陶艺 拉坯要稳");
      await ideaOn(u, "2026-05-02", "#读书 一本讲拉坯的书");
      const both = await timelineOf(ctx, u, { tag: "陶艺", q: "拉坯" });
      expect(both.status, JSON.stringify(both.body)).toBe(200);
      expect(both.body.data.items.map((i: { id: string }) => i.id)).toEqual([kept]);
      const none = await timelineOf(ctx, u, {});
      expect(none.status).toBe(400);
      expect(none.body.message).toMatch(/标签|搜索词/);
    });
    it("gives each item its 批注 count, the items it links to (as they are now) and how many link to it", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const first = await ideaOn(u, "2025-03-01", "#陶艺 第一次拉坯");
      const foreign = await ideaOn(other, "2025-03-02", "#陶艺 别人的想法");
      const trashed = await ideaOn(u, "2025-03-03", "#读书 要删的一条");
      const second = await ideaOn(
        u,
        "2025-04-01",
        `#陶艺 接着 [[idea:${first}]] 再练，参考 [[idea:${trashed}]] 和 [[idea:${foreign}]]`,
      );
      await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed } });
      // a link in a 批注 is its idea's: `first` links to `second` in its thread, twice, counted once
      for (const content of ["泥还是歪", "换了一种泥", `见 [[idea:${second}]]`, `还是 [[idea:${second}]]`])
        expect(
          (
            await request(ctx, "createAnnotation", {
              token: u.token,
              params: { id: first },
              body: { content },
            })
          ).status,
        ).toBe(201);
      // another account linking to this one's idea is not counted
      await addIdea(ctx, other, `#陶艺 [[idea:${first}]]`);

      const items = (await timelineOf(ctx, u, { tag: "陶艺" })).body.data.items;
      expect(items.map((i: { id: string }) => i.id)).toEqual([first, second]);
      expect(items[0]).toMatchObject({ annotationCount: 4, linkCount: 1, backlinkCount: 1 });
      expect(items[0]!.links).toEqual([
        { type: "idea", id: second, state: "live", title: expect.any(String) },
      ]);
      expect(items[1]).toMatchObject({ annotationCount: 0, linkCount: 3, backlinkCount: 1 });
      const byId = new Map(items[1]!.links.map((l: { id: string }) => [l.id, l]));
      expect(byId.get(first)).toMatchObject({
        type: "idea",
        state: "live",
        title: expect.stringContaining("第一次拉坯"),
      });
      expect(byId.get(trashed)).toMatchObject({ state: "trash" });
      expect(byId.get(foreign)).toEqual({ type: "idea", id: foreign, state: "deleted", title: "" });
      // the excerpt reads the link as 〔链接〕, not as its id
      expect(items[1]!.excerpt).not.toContain(first);
      expect(items[1]!.excerpt).toContain("〔链接〕");

      const byQuery = (await timelineOf(ctx, u, { q: "拉坯" })).body.data.items;
      expect(byQuery[0]).toMatchObject({ id: first, annotationCount: 4, backlinkCount: 1 });
    });
  });
});

import { describe, expect, it } from "vitest";
import { PINNED_LEAD_MAX } from "../../src/items/feed.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

type Item = { type: "idea" | "note"; id: string; pinned: boolean; title: string };

forEachDatabase((ctx: TestCtx) => {
  /** Ideas and notes captured one after another, oldest first: `i:名` is an idea, `n:名` a note. */
  const make = async (u: TestUser, specs: string[], tags: string[] = []) => {
    const ids: Record<string, { type: "idea" | "note"; id: string }> = {};
    for (const spec of specs) {
      const [kind, name] = spec.split(":") as ["i" | "n", string];
      const res =
        kind === "i"
          ? await request(ctx, "createIdea", { token: u.token, body: { content: name, tags } })
          : await request(ctx, "createNote", { token: u.token, body: { title: name, content: name, tags } });
      expect(res.status).toBe(201);
      ids[name] = { type: kind === "i" ? "idea" : "note", id: res.body.data.id };
    }
    return ids;
  };
  const pin = async (u: TestUser, item: { type: "idea" | "note"; id: string }, pinned = true) => {
    const res =
      item.type === "idea"
        ? await request(ctx, "updateIdea", { token: u.token, params: { id: item.id }, body: { pinned } })
        : await request(ctx, "updateNote", { token: u.token, params: { id: item.id }, body: { pinned } });
    expect(res.status).toBe(200);
  };
  const names = (items: Item[]) =>
    items.map((i) => (i.type === "idea" ? (i as unknown as { content: string }).content : i.title));
  /** Every page of the feed, as the app pages it. */
  const allPages = async (
    u: TestUser,
    query: { type?: "all" | "idea" | "note"; tag?: string; limit: number },
  ) => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const res = await request(ctx, "feed", { token: u.token, query: { ...query, cursor } });
      expect(res.status).toBe(200);
      pages.push(names(res.body.data.items as Item[]));
      cursor = res.body.data.nextCursor ?? undefined;
    } while (cursor);
    return pages;
  };

  describe("置顶 on 首页", () => {
    it("leads the first page with pins, most recently pinned first, and pages the rest without them", async () => {
      const u = await registerUser(ctx);
      const at = await make(u, ["i:一", "n:二", "i:三", "i:四", "n:五", "i:六", "i:七"]);
      // pinned in this order: 三 first, then the note 二, then 六 (the latest pin leads)
      await pin(u, at.三!);
      await pin(u, at.二!);
      await pin(u, at.六!);

      const first = await request(ctx, "feed", { token: u.token, query: { limit: 2 } });
      const items = first.body.data.items as Item[];
      expect(names(items)).toEqual(["六", "二", "三", "七", "五"]);
      expect(items.slice(0, 3).every((i) => i.pinned)).toBe(true);
      // the stream after the lead: the cursor runs over it alone, and no pin comes back
      expect(await allPages(u, { limit: 2 })).toEqual([
        ["六", "二", "三", "七", "五"],
        ["四", "一"],
      ]);
      expect(await allPages(u, { limit: 20 })).toEqual([["六", "二", "三", "七", "五", "四", "一"]]);
    });

    it("keeps the type tabs and a tag's view to their own pins", async () => {
      const u = await registerUser(ctx);
      const plain = await make(u, ["i:甲", "n:乙"]);
      const tagged = await make(u, ["i:读一", "n:读二", "i:读三"], ["读书/小说"]);
      await pin(u, plain.甲!);
      await pin(u, tagged.读一!);
      await pin(u, plain.乙!);
      await pin(u, tagged.读二!);

      expect(await allPages(u, { type: "idea", limit: 1 })).toEqual([["读一", "甲", "读三"]]);
      expect(await allPages(u, { type: "note", limit: 1 })).toEqual([["读二", "乙"]]);
      // 读书 includes 读书/小说; pins without the tag stay out
      expect(await allPages(u, { tag: "读书", limit: 1 })).toEqual([["读二", "读一", "读三"]]);
      expect(await allPages(u, { tag: "读书", type: "idea", limit: 5 })).toEqual([["读一", "读三"]]);
    });

    it("puts an unpinned item back in its place by date, and a re-pin leads again", async () => {
      const u = await registerUser(ctx);
      const at = await make(u, ["i:早", "i:中", "i:晚"]);
      await pin(u, at.早!);
      await pin(u, at.中!);
      expect(await allPages(u, { limit: 5 })).toEqual([["中", "早", "晚"]]);
      await pin(u, at.中!, false);
      const after = await request(ctx, "feed", { token: u.token, query: { limit: 5 } });
      expect(names(after.body.data.items as Item[])).toEqual(["早", "晚", "中"]);
      expect((after.body.data.items as Item[]).find((i) => i.id === at.中!.id)?.pinned).toBe(false);
      // pinning again is a new pin: it leads
      await pin(u, at.中!);
      expect(await allPages(u, { limit: 5 })).toEqual([["中", "早", "晚"]]);
      // an edit of a pinned item keeps its pin time (早 stays behind 中)
      await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: at.早!.id },
        body: { content: "早" },
      });
      expect(await allPages(u, { limit: 5 })).toEqual([["中", "早", "晚"]]);
    });

    it("brings a pin back from 回收站 where it was", async () => {
      const u = await registerUser(ctx);
      const at = await make(u, ["i:一", "i:二", "i:三"]);
      await pin(u, at.一!);
      await pin(u, at.二!);
      expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: at.一!.id } })).status).toBe(
        200,
      );
      expect(await allPages(u, { limit: 5 })).toEqual([["二", "三"]]);
      expect(
        (await request(ctx, "restoreFromTrash", { token: u.token, params: { id: at.一!.id } })).status,
      ).toBe(200);
      expect(await allPages(u, { limit: 5 })).toEqual([["二", "一", "三"]]);
    });

    it(`leads with at most ${PINNED_LEAD_MAX} pins; older pins keep their place by date`, async () => {
      const u = await registerUser(ctx);
      // an import may bring any number of items pinned: straight into the table, one a minute
      await ctx.db.query(
        `INSERT INTO ideas (user_id, original_content, content, pinned, created_at, updated_at)
         SELECT $1, '钉' || n, '钉' || n, true, t, t
         FROM generate_series(1, $2::int) n, LATERAL (SELECT now() - (200 - n) * interval '1 minute' AS t) x`,
        [u.id, PINNED_LEAD_MAX + 5],
      );
      const at = await make(u, ["i:新"]);
      await pin(u, at.新!);
      const pages = await allPages(u, { limit: 10 });
      const flat = pages.flat();
      // every item exactly once
      expect(new Set(flat).size).toBe(PINNED_LEAD_MAX + 6);
      expect(flat).toHaveLength(PINNED_LEAD_MAX + 6);
      // the newest pin leads; the same-time pins of the import follow newest first, up to the cap
      expect(pages[0]!.slice(0, 3)).toEqual(["新", `钉${PINNED_LEAD_MAX + 5}`, `钉${PINNED_LEAD_MAX + 4}`]);
      // the six oldest pins are beyond the lead: in the stream, by date
      expect(pages).toHaveLength(1);
      expect(pages[0]!.slice(PINNED_LEAD_MAX)).toEqual(["钉6", "钉5", "钉4", "钉3", "钉2", "钉1"]);
    });
  });
});

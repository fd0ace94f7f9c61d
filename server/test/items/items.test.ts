import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, forEachDatabase, registerUser, request, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  const createIdea = async (u: TestUser, content: string, extra: Record<string, unknown> = {}) => {
    const res = await request(ctx, "createIdea", { token: u.token, body: { content, ...extra } });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const ideaCount = async (u: TestUser) =>
    (await ctx.db.query("SELECT count(*)::int AS n FROM ideas WHERE user_id = $1", [u.id])).rows[0]
      .n as number;

  describe("ideas", () => {
    it("creates, reads, updates and deletes an idea; the original stays as typed", async () => {
      const u = await registerUser(ctx);
      const idea = await createIdea(u, "今天想到一个关于产品设计的好点子", {
        tags: ["产品", "产品", " 设计 "],
      });
      expect(idea).toMatchObject({
        originalContent: "今天想到一个关于产品设计的好点子",
        content: "今天想到一个关于产品设计的好点子",
        title: "",
        tags: ["产品", "设计"],
        aiStatus: "none",
        pinned: false,
        aiExcluded: false,
      });
      const got = await request(ctx, "getIdea", { params: { id: idea.id }, token: u.token });
      expect(got.body.data).toEqual(idea);

      const patched = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { title: "产品点子", content: "整理后的内容", pinned: true, aiExcluded: true, tags: ["灵感"] },
      });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject({
        title: "产品点子",
        content: "整理后的内容",
        originalContent: "今天想到一个关于产品设计的好点子",
        pinned: true,
        aiExcluded: true,
        tags: ["灵感"],
      });
      expect(Date.parse(patched.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(idea.updatedAt));

      const del = await request(ctx, "deleteIdea", { params: { id: idea.id }, token: u.token });
      expect(del.status).toBe(200);
      expect((await request(ctx, "getIdea", { params: { id: idea.id }, token: u.token })).status).toBe(404);
    });

    it("refuses to change originalContent (400, unchanged) and the database refuses it too", async () => {
      const u = await registerUser(ctx);
      const idea = await createIdea(u, "原始的话");
      const res = await call(ctx, "PATCH", `/api/ideas/${idea.id}`, {
        token: u.token,
        body: { originalContent: "改掉" },
      });
      expect(res.status).toBe(400);
      await expect(
        ctx.db.query("UPDATE ideas SET original_content = 'x' WHERE id = $1", [idea.id]),
      ).rejects.toThrow(/immutable/);
      // only which item a link names may change (migration 052: an import relinking to a twin), not a word
      const [x, y] = [randomUUID(), randomUUID()];
      const linked = await createIdea(u, `参见 [[idea:${x}]]`);
      await ctx.db.query("UPDATE ideas SET original_content = $2 WHERE id = $1", [
        linked.id,
        `参见 [[idea:${y}]]`,
      ]);
      for (const changed of [
        `参见 [[note:${y}]]`,
        `参看 [[idea:${y}]]`,
        "参见 [[idea:]]",
        `参见 [[idea:${y}]] `,
      ])
        await expect(
          ctx.db.query("UPDATE ideas SET original_content = $2 WHERE id = $1", [linked.id, changed]),
        ).rejects.toThrow(/immutable/);
      expect(
        (await request(ctx, "getIdea", { params: { id: idea.id }, token: u.token })).body.data
          .originalContent,
      ).toBe("原始的话");
    });

    const badCreates: [string, unknown][] = [
      ["empty content", { content: "   " }],
      ["missing content", {}],
      ["content over 10,000 characters", { content: "字".repeat(10_001) }],
      ["11 tags", { content: "x", tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
      ["a 21-character tag", { content: "x", tags: ["长".repeat(21)] }],
      ["an empty tag", { content: "x", tags: [" "] }],
      ["an unknown field", { content: "x", userId: "someone" }],
      ["a wrong type", { content: 42 }],
    ];
    for (const [what, body] of badCreates) {
      it(`refuses ${what} with 400 and stores nothing`, async () => {
        const u = await registerUser(ctx);
        const res = await call(ctx, "POST", "/api/ideas", { token: u.token, body });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("VALIDATION_ERROR");
        expect(await ideaCount(u)).toBe(0);
      });
    }

    it("accepts exactly 10,000 characters, 10 tags of 20 characters", async () => {
      const u = await registerUser(ctx);
      await createIdea(u, "字".repeat(10_000), {
        tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(20, "签")),
      });
    });

    it("refuses bad updates with 400 and changes nothing", async () => {
      const u = await registerUser(ctx);
      const idea = await createIdea(u, "内容");
      for (const body of [
        {},
        { title: "t".repeat(201) },
        { content: "" },
        { pinned: "yes" },
        { tags: ["a".repeat(21)] },
      ]) {
        const res = await call(ctx, "PATCH", `/api/ideas/${idea.id}`, { token: u.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      expect((await request(ctx, "getIdea", { params: { id: idea.id }, token: u.token })).body.data).toEqual(
        idea,
      );
    });

    it("answers 404 for another user's idea on read, update and delete, and changes nothing", async () => {
      const a = await registerUser(ctx);
      const b = await registerUser(ctx);
      const idea = await createIdea(b, "B 的想法");
      expect((await request(ctx, "getIdea", { params: { id: idea.id }, token: a.token })).status).toBe(404);
      expect(
        (await request(ctx, "updateIdea", { params: { id: idea.id }, token: a.token, body: { title: "x" } }))
          .status,
      ).toBe(404);
      expect((await request(ctx, "deleteIdea", { params: { id: idea.id }, token: a.token })).status).toBe(
        404,
      );
      expect((await request(ctx, "getIdea", { params: { id: idea.id }, token: b.token })).body.data).toEqual(
        idea,
      );
      expect((await call(ctx, "GET", "/api/ideas/12345", { token: a.token })).status).toBe(404);
    });

    it("answers 401 without a token", async () => {
      expect((await request(ctx, "listIdeas")).status).toBe(401);
      expect((await request(ctx, "createIdea", { body: { content: "x" } })).status).toBe(401);
    });

    it("pages newest first with a cursor, without gaps or repeats, and filters by tag", async () => {
      const u = await registerUser(ctx);
      const made: string[] = [];
      for (let i = 0; i < 7; i++)
        made.push((await createIdea(u, `想法 ${i}`, { tags: i % 2 ? ["单"] : [] })).id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { body: { data: { items: { id: string }[]; nextCursor: string | null } } } = await call(
          ctx,
          "GET",
          `/api/ideas?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
          { token: u.token },
        );
        seen.push(...res.body.data.items.map((i) => i.id));
        cursor = res.body.data.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...made].reverse());
      const tagged = await call(ctx, "GET", `/api/ideas?tag=${encodeURIComponent("单")}`, { token: u.token });
      expect(tagged.body.data.items).toHaveLength(3);
      expect((await call(ctx, "GET", "/api/ideas?limit=0", { token: u.token })).status).toBe(400);
      expect((await call(ctx, "GET", "/api/ideas?cursor=@@", { token: u.token })).status).toBe(400);
      expect((await call(ctx, "GET", "/api/ideas?cursor=Zm9v", { token: u.token })).status).toBe(400);
    });
  });

  describe("notes", () => {
    it("creates from own ideas, reads, updates, deletes", async () => {
      const u = await registerUser(ctx);
      const idea = await createIdea(u, "来源");
      const res = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "读书笔记", content: "# 标题\n\n正文", tags: ["读书"], sourceIdeaIds: [idea.id] },
      });
      expect(res.status).toBe(201);
      const note = res.body.data;
      expect(note).toMatchObject({
        title: "读书笔记",
        sourceIdeaIds: [idea.id],
        tags: ["读书"],
        pinned: false,
      });
      const upd = await request(ctx, "updateNote", {
        params: { id: note.id },
        token: u.token,
        body: { content: "新正文", pinned: true },
      });
      // the edit answers without the text the client has just sent
      expect(upd.body.data).toMatchObject({ title: "读书笔记", pinned: true });
      expect(upd.body.data).not.toHaveProperty("content");
      expect((await request(ctx, "getNote", { params: { id: note.id }, token: u.token })).body.data).toEqual({
        ...upd.body.data,
        content: "新正文",
      });
      expect((await request(ctx, "listNotes", { token: u.token })).body.data.items).toHaveLength(1);
      expect((await request(ctx, "deleteNote", { params: { id: note.id }, token: u.token })).status).toBe(
        200,
      );
      expect((await request(ctx, "getNote", { params: { id: note.id }, token: u.token })).status).toBe(404);
    });

    it("refuses bad input with 400 and another user's ideas or notes with 404", async () => {
      const a = await registerUser(ctx);
      const b = await registerUser(ctx);
      const bIdea = await createIdea(b, "B");
      for (const body of [
        { title: "", content: "x" },
        { title: "t", content: "x".repeat(200_001) },
        { title: "t", content: "x", z: 1 },
      ]) {
        expect((await request(ctx, "createNote", { token: a.token, body })).status).toBe(400);
      }
      const foreign = await request(ctx, "createNote", {
        token: a.token,
        body: { title: "t", content: "x", sourceIdeaIds: [bIdea.id] },
      });
      expect(foreign.status).toBe(404);
      const count = await ctx.db.query("SELECT count(*)::int AS n FROM notes WHERE user_id = $1", [a.id]);
      expect(count.rows[0].n).toBe(0);
      const bNote = (
        await request(ctx, "createNote", { token: b.token, body: { title: "B 笔记", content: "x" } })
      ).body.data;
      expect((await request(ctx, "getNote", { params: { id: bNote.id }, token: a.token })).status).toBe(404);
      expect(
        (await request(ctx, "updateNote", { params: { id: bNote.id }, token: a.token, body: { title: "y" } }))
          .status,
      ).toBe(404);
      expect((await request(ctx, "deleteNote", { params: { id: bNote.id }, token: a.token })).status).toBe(
        404,
      );
      expect(
        (await request(ctx, "getNote", { params: { id: bNote.id }, token: b.token })).body.data.title,
      ).toBe("B 笔记");
    });
  });

  describe("feed", () => {
    it("mixes ideas and notes newest first, filters by type and tag, pages with a cursor", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await createIdea(other, "别人的");
      const order: string[] = [];
      for (let i = 0; i < 3; i++) {
        order.push((await createIdea(u, `想法${i}`, { tags: ["共同"] })).id);
        const n = await request(ctx, "createNote", {
          token: u.token,
          body: { title: `笔记${i}`, content: "x" },
        });
        order.push(n.body.data.id);
      }
      const all = await request(ctx, "feed", { token: u.token });
      expect(all.body.data.items.map((i: { id: string }) => i.id)).toEqual([...order].reverse());
      expect(all.body.data.items[0]!.type).toBe("note");
      expect(all.body.data.nextCursor).toBeNull();

      const p1 = await call(ctx, "GET", "/api/feed?limit=4", { token: u.token });
      const p2 = await call(ctx, "GET", `/api/feed?limit=4&cursor=${p1.body.data.nextCursor}`, {
        token: u.token,
      });
      expect([...p1.body.data.items, ...p2.body.data.items].map((i: { id: string }) => i.id)).toEqual(
        [...order].reverse(),
      );
      expect(p2.body.data.nextCursor).toBeNull();

      const ideas = await call(ctx, "GET", "/api/feed?type=idea", { token: u.token });
      expect(ideas.body.data.items.every((i: { type: string }) => i.type === "idea")).toBe(true);
      expect(ideas.body.data.items).toHaveLength(3);
      const notes = await call(ctx, "GET", "/api/feed?type=note", { token: u.token });
      expect(notes.body.data.items).toHaveLength(3);
      const tagged = await call(ctx, "GET", `/api/feed?tag=${encodeURIComponent("共同")}`, {
        token: u.token,
      });
      expect(tagged.body.data.items).toHaveLength(3);
      expect((await call(ctx, "GET", "/api/feed?type=other", { token: u.token })).status).toBe(400);
      expect((await call(ctx, "GET", "/api/feed?foo=1", { token: u.token })).status).toBe(400);
      expect((await request(ctx, "feed")).status).toBe(401);
    });
  });
});

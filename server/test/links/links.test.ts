// Links and backlinks (issue 33, item 1): `[[idea:<uuid>]]` / `[[note:<uuid>]]` in the text, the
// links table the triggers keep (migration 046) behind 被引用, and what a link points at now.
import { randomUUID } from "node:crypto";
import { linkText, RESOLVE_LINKS_MAX } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { call, forEachDatabase, registerUser, request, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  const newIdea = async (u: TestUser, content: string) => {
    const res = await request(ctx, "createIdea", { token: u.token, body: { content } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const newNote = async (u: TestUser, title: string, content: string) => {
    const res = await request(ctx, "createNote", { token: u.token, body: { title, content } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const backlinksOf = async (u: TestUser, type: "idea" | "note", id: string) => {
    const res = await request(ctx, "itemBacklinks", { token: u.token, params: { type, id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const sourcesOf = async (u: TestUser, type: "idea" | "note", id: string) =>
    (await backlinksOf(u, type, id)).items.map((i) => `${i.type}:${i.id}`).sort();
  const resolved = async (u: TestUser, refs: { type: "idea" | "note"; id: string }[]) => {
    const res = await request(ctx, "resolveLinks", { token: u.token, body: { refs } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.items;
  };

  describe("links and backlinks", () => {
    it("lists the ideas and notes linking to an item, and follows edits of the linking text", async () => {
      const u = await registerUser(ctx);
      const target = await newIdea(u, "陶艺的第一课：揉泥");
      const idea = await newIdea(u, `接着 ${linkText({ type: "idea", id: target.id })} 练拉坯`);
      const note = await newNote(
        u,
        "陶艺笔记",
        `# 揉泥\n见 ${linkText({ type: "idea", id: target.id })}，又见 [[IDEA:${target.id.toUpperCase()}]]`,
      );
      const data = await backlinksOf(u, "idea", target.id);
      expect(data.total).toBe(2);
      // newest first, each once however often it links; the excerpt shows no ids
      expect(data.items.map((i) => i.id)).toEqual([note.id, idea.id]);
      expect(data.items[0]).toMatchObject({ type: "note", title: "陶艺笔记", createdAt: note.createdAt });
      expect(data.items[1]!.excerpt).toBe("接着 〔链接〕 练拉坯");

      // an edit that drops the link drops the backlink; one that adds it back adds it
      const edit = (content: string) =>
        request(ctx, "updateIdea", { token: u.token, params: { id: idea.id }, body: { content } });
      expect((await edit("只练拉坯")).status).toBe(200);
      expect(await sourcesOf(u, "idea", target.id)).toEqual([`note:${note.id}`]);
      expect((await edit(`回到 ${linkText({ type: "idea", id: target.id })}`)).status).toBe(200);
      expect(await sourcesOf(u, "idea", target.id)).toEqual([`idea:${idea.id}`, `note:${note.id}`].sort());
      // 多选's edits write through the same table
      const current = await request(ctx, "getIdea", { token: u.token, params: { id: idea.id } });
      const edits = await request(ctx, "editItems", {
        token: u.token,
        body: {
          edits: [
            {
              type: "idea",
              id: idea.id,
              tags: [],
              content: "不再链接",
              baseUpdatedAt: current.body.data.updatedAt,
            },
          ],
        },
      });
      expect(edits.status, JSON.stringify(edits.body)).toBe(200);
      expect(await sourcesOf(u, "idea", target.id)).toEqual([`note:${note.id}`]);
    });

    it("a link in a 批注 makes its idea a backlink, listed once, that no edit of the idea drops and that goes and comes back with it", async () => {
      const u = await registerUser(ctx);
      const target = await newNote(u, "陶艺笔记", "内容");
      const idea = await newIdea(u, "周末去学陶艺");
      const annotate = (content: string) =>
        request(ctx, "createAnnotation", { token: u.token, params: { id: idea.id }, body: { content } });
      expect((await annotate(`整理进了 ${linkText({ type: "note", id: target.id })}`)).status).toBe(201);
      expect(await sourcesOf(u, "note", target.id)).toEqual([`idea:${idea.id}`]);
      // the idea's own text links too, and another 批注: still one backlink
      const edit = (content: string) =>
        request(ctx, "updateIdea", { token: u.token, params: { id: idea.id }, body: { content } });
      expect((await edit(`周末去学陶艺，见 ${linkText({ type: "note", id: target.id })}`)).status).toBe(200);
      expect((await annotate(`又见 ${linkText({ type: "note", id: target.id })}`)).status).toBe(201);
      const data = await backlinksOf(u, "note", target.id);
      expect(data.total).toBe(1);
      expect(data.items.map((i) => i.id)).toEqual([idea.id]);
      // the idea's own link dropped: its 批注 still link
      expect((await edit("周末去学陶艺")).status).toBe(200);
      expect(await sourcesOf(u, "note", target.id)).toEqual([`idea:${idea.id}`]);

      expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: idea.id } })).status).toBe(
        200,
      );
      expect(await sourcesOf(u, "note", target.id)).toEqual([]);
      // the link rows themselves are gone (the two 批注's), not only hidden by the list's join with live ideas
      const rows = async () =>
        (await ctx.db.query("SELECT count(*)::int AS n FROM item_links WHERE target_id = $1", [target.id]))
          .rows[0].n;
      expect(await rows()).toBe(0);
      const back = await request(ctx, "restoreFromTrash", { token: u.token, params: { id: idea.id } });
      expect(back.status).toBe(200);
      expect(await sourcesOf(u, "note", target.id)).toEqual([`idea:${idea.id}`]);
      expect(await rows()).toBe(2);
    });

    it("shows the target's current title after a rename, and its words while it has no title", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(u, "**周末**去景德镇看窑\n第二行");
      const note = await newNote(u, "旧标题", "正文");
      await newIdea(
        u,
        `${linkText({ type: "idea", id: idea.id })} ${linkText({ type: "note", id: note.id })}`,
      );
      expect(
        await resolved(u, [
          { type: "idea", id: idea.id },
          { type: "note", id: note.id },
        ]),
      ).toEqual([
        { type: "idea", id: idea.id, state: "live", title: "周末去景德镇看窑" },
        { type: "note", id: note.id, state: "live", title: "旧标题" },
      ]);
      const renamed = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: note.id },
        body: { title: "新标题" },
      });
      expect(renamed.status).toBe(200);
      const titled = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: idea.id },
        body: { title: "景德镇" },
      });
      expect(titled.status).toBe(200);
      expect(
        await resolved(u, [
          { type: "note", id: note.id },
          { type: "idea", id: idea.id },
        ]),
      ).toEqual([
        { type: "note", id: note.id, state: "live", title: "新标题" },
        { type: "idea", id: idea.id, state: "live", title: "景德镇" },
      ]);
    });

    it("a source in 回收站 links to nothing until restored; a target there shows 回收站, then 已删除 once purged", async () => {
      const u = await registerUser(ctx);
      const target = await newNote(u, "目标笔记", "内容");
      const source = await newIdea(u, `引用 ${linkText({ type: "note", id: target.id })}`);
      const other = await newIdea(u, `也引用 ${linkText({ type: "note", id: target.id })}`);

      expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: source.id } })).status).toBe(
        200,
      );
      expect(await sourcesOf(u, "note", target.id)).toEqual([`idea:${other.id}`]);
      const back = await request(ctx, "restoreFromTrash", { token: u.token, params: { id: source.id } });
      expect(back.status).toBe(200);
      expect(await sourcesOf(u, "note", target.id)).toEqual([`idea:${source.id}`, `idea:${other.id}`].sort());

      // the target in 回收站: the link says so, and the target has no 被引用 to show
      expect((await request(ctx, "deleteNote", { token: u.token, params: { id: target.id } })).status).toBe(
        200,
      );
      expect(await resolved(u, [{ type: "note", id: target.id }])).toEqual([
        { type: "note", id: target.id, state: "trash", title: "目标笔记" },
      ]);
      const away = await request(ctx, "itemBacklinks", {
        token: u.token,
        params: { type: "note", id: target.id },
      });
      expect(away.status).toBe(404);
      // restored: the links were never lost
      expect(
        (await request(ctx, "restoreFromTrash", { token: u.token, params: { id: target.id } })).status,
      ).toBe(200);
      expect((await resolved(u, [{ type: "note", id: target.id }]))[0]!.state).toBe("live");
      expect(await sourcesOf(u, "note", target.id)).toHaveLength(2);

      // deleted for good: 已删除, and the linking text keeps its link
      expect((await request(ctx, "deleteNote", { token: u.token, params: { id: target.id } })).status).toBe(
        200,
      );
      expect(
        (await request(ctx, "deleteFromTrash", { token: u.token, params: { id: target.id } })).status,
      ).toBe(200);
      expect(await resolved(u, [{ type: "note", id: target.id }])).toEqual([
        { type: "note", id: target.id, state: "deleted", title: "" },
      ]);
      const kept = await request(ctx, "getIdea", { token: u.token, params: { id: source.id } });
      expect(kept.body.data.content).toContain(linkText({ type: "note", id: target.id }));
    });

    it("keeps links per account: another person's id never resolves, and their links are not our backlinks", async () => {
      const [a, b] = [await registerUser(ctx), await registerUser(ctx)];
      const mine = await newIdea(a, "我的想法");
      await newIdea(a, `我链接 ${linkText({ type: "idea", id: mine.id })}`);
      // b writes a link to a's id: it resolves to nothing for b, and a never sees it
      await newIdea(b, `偷看 ${linkText({ type: "idea", id: mine.id })}`);
      expect((await backlinksOf(a, "idea", mine.id)).total).toBe(1);
      expect(await resolved(b, [{ type: "idea", id: mine.id }])).toEqual([
        { type: "idea", id: mine.id, state: "deleted", title: "" },
      ]);
      const theirs = await request(ctx, "itemBacklinks", {
        token: b.token,
        params: { type: "idea", id: mine.id },
      });
      expect(theirs.status).toBe(404);
      // a's item in 回收站 is as unknown to b
      await request(ctx, "deleteIdea", { token: a.token, params: { id: mine.id } });
      expect((await resolved(b, [{ type: "idea", id: mine.id }]))[0]!.state).toBe("deleted");
    });

    it("writes links through the memos API as through the app", async () => {
      const u = await registerUser(ctx);
      const target = await newIdea(u, "被 memos 客户端引用");
      const token = await request(ctx, "createAccessToken", {
        token: u.token,
        body: { name: "MoeMemos", scope: "write" },
      });
      expect(token.status).toBe(201);
      const memo = await call(ctx, "POST", "/api/v1/memos", {
        token: token.body.data.token,
        body: { content: `从手机 ${linkText({ type: "idea", id: target.id })}`, visibility: "PRIVATE" },
      });
      expect(memo.status, JSON.stringify(memo.body)).toBe(200);
      const data = await backlinksOf(u, "idea", target.id);
      expect(data.items.map((i) => i.excerpt)).toEqual(["从手机 〔链接〕"]);
    });

    it("refuses bad input with a Chinese message and answers 404 for what is not an item", async () => {
      const u = await registerUser(ctx);
      const idea = await newIdea(u, "一条");
      const wrongType = await call(ctx, "GET", `/api/items/tag/${idea.id}/backlinks`, { token: u.token });
      expect(wrongType.status).toBe(404);
      const unknown = await request(ctx, "itemBacklinks", {
        token: u.token,
        params: { type: "note", id: idea.id },
      });
      expect(unknown.status).toBe(404);
      const tooMany = await request(ctx, "resolveLinks", {
        token: u.token,
        body: {
          refs: Array.from({ length: RESOLVE_LINKS_MAX + 1 }, () => ({
            type: "idea" as const,
            id: randomUUID(),
          })),
        },
      });
      expect(tooMany.status).toBe(400);
      expect(JSON.stringify(tooMany.body)).toContain(`一次最多查询 ${RESOLVE_LINKS_MAX} 个链接`);
      const notUuid = await request(ctx, "resolveLinks", {
        token: u.token,
        body: { refs: [{ type: "idea", id: "abc" }] },
      });
      expect(notUuid.status).toBe(400);
      const stranger = await request(ctx, "resolveLinks", {
        body: { refs: [{ type: "idea", id: idea.id }] },
      });
      expect(stranger.status).toBe(401);
    });
  });
});

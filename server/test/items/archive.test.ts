import { expect, it } from "vitest";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

/** 归档 (issue 32): off 首页, listed under 归档, still searchable, restorable; deleting goes to 回收站. */
forEachDatabase((ctx: TestCtx) => {
  const feed = async (u: TestUser, view: "home" | "archived") => {
    const res = await request(ctx, "feed", { token: u.token, query: { view } });
    expect(res.status).toBe(200);
    return res.body.data.items.map((i) => (i.type === "idea" ? i.content : i.title));
  };

  it("archives and restores ideas and notes, pinned ones too, and keeps them searchable", async () => {
    const u = await registerUser(ctx);
    const idea = (
      await request(ctx, "createIdea", { token: u.token, body: { content: "银杏叶变黄了", pinned: true } })
    ).body.data;
    const note = (
      await request(ctx, "createNote", {
        token: u.token,
        body: { title: "银杏笔记", content: "秋天的植物园" },
      })
    ).body.data;
    await request(ctx, "createIdea", { token: u.token, body: { content: "留在首页" } });

    const archived = await request(ctx, "archiveIdea", { token: u.token, params: { id: idea.id } });
    expect(archived.status).toBe(200);
    expect(archived.body.data.archivedAt).toEqual(expect.any(String));
    // archiving again keeps the first time
    const again = await request(ctx, "archiveIdea", { token: u.token, params: { id: idea.id } });
    expect(again.body.data.archivedAt).toBe(archived.body.data.archivedAt);
    expect((await request(ctx, "archiveNote", { token: u.token, params: { id: note.id } })).status).toBe(200);

    expect(await feed(u, "home")).toEqual(["留在首页"]); // the pin left the lead too
    expect(await feed(u, "archived")).toEqual(["银杏笔记", "银杏叶变黄了"]);
    const found = await request(ctx, "search", { token: u.token, query: { q: "银杏" } });
    expect(found.body.data.items.map((i) => i.id).sort()).toEqual([idea.id, note.id].sort());
    const read = await request(ctx, "getIdea", { token: u.token, params: { id: idea.id } });
    expect(read.body.data.archivedAt).toBe(archived.body.data.archivedAt);

    const back = await request(ctx, "unarchiveIdea", { token: u.token, params: { id: idea.id } });
    expect(back.body.data).toEqual({ id: idea.id, archivedAt: null });
    expect(await feed(u, "home")).toEqual(["银杏叶变黄了", "留在首页"]);
    expect(await feed(u, "archived")).toEqual(["银杏笔记"]);

    // deleting an archived note moves it to 回收站; restored, it is archived still
    expect((await request(ctx, "deleteNote", { token: u.token, params: { id: note.id } })).status).toBe(200);
    expect(await feed(u, "archived")).toEqual([]);
    expect((await request(ctx, "restoreFromTrash", { token: u.token, params: { id: note.id } })).status).toBe(
      200,
    );
    expect(await feed(u, "archived")).toEqual(["银杏笔记"]);

    const other = await registerUser(ctx);
    expect((await request(ctx, "archiveIdea", { token: other.token, params: { id: idea.id } })).status).toBe(
      404,
    );
    expect(
      (await request(ctx, "unarchiveNote", { token: other.token, params: { id: note.id } })).status,
    ).toBe(404);
  });
});

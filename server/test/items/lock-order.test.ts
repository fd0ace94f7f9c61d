import { expect, it } from "vitest";
import { onOneDatabase, registerUser, request } from "../helpers.ts";

// The usage row (migration 013) and the tag counts (014) are both locked by triggers; a
// transaction of several statements (回收站's restore, 自动整理, a rename) takes them in two
// statements while a capture takes both in one. They must meet in one order, or PostgreSQL ends
// one of them with a deadlock (a 500 for the person). The engine does not matter: one database.
onOneDatabase((ctx) => {
  it("a restore holding the usage row and a tagged capture of the same person both go through", async () => {
    const u = await registerUser(ctx);
    const gone = (await request(ctx, "createIdea", { token: u.token, body: { content: "要恢复的想法" } }))
      .body.data;
    await request(ctx, "deleteIdea", { token: u.token, params: { id: gone.id } });

    const restore = await ctx.db.connect();
    try {
      // what items/trash.store.ts's restore does, paused between its two statements
      await restore.query("BEGIN");
      await restore.query("DELETE FROM trash WHERE id = $1 AND user_id = $2", [gone.id, u.id]);
      const capture = request(ctx, "createIdea", { token: u.token, body: { content: "#日记 今天的想法" } });
      for (let i = 0; ; i++) {
        const { rows } = await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) break;
        if (i > 200) throw new Error("the capture never waited on the restore");
        await new Promise((r) => setTimeout(r, 10));
      }
      await restore.query(
        "INSERT INTO ideas (id, user_id, original_content, content, tags) VALUES ($1, $2, $3, $3, '{日记}')",
        [gone.id, u.id, "要恢复的想法"],
      );
      await restore.query("COMMIT");
      expect((await capture).status).toBe(201);
    } finally {
      await restore.query("ROLLBACK").catch(() => undefined);
      restore.release();
    }
    const tags = (await request(ctx, "listTags", { token: u.token })).body.data.tags;
    expect(tags).toEqual([{ name: "日记", count: 2, pinyin: "riji", initials: "rj" }]);
  });

  it("a batch edit and a single edit of one of its items both end without a deadlock", async () => {
    const u = await registerUser(ctx);
    const token = u.token;
    const mk = async (content: string) =>
      (await request(ctx, "createIdea", { token, body: { content } })).body.data;
    const a = await mk("第一条");
    const b = await mk("第二条");
    const single = await ctx.db.connect();
    try {
      // a single edit of b, paused between its row lock and its UPDATE (which takes the usage row)
      await single.query("BEGIN");
      await single.query("SELECT 1 FROM ideas WHERE id = $1 FOR UPDATE", [b.id]);
      const batch = request(ctx, "editItems", {
        token,
        body: {
          edits: [a, b].map((i) => ({
            type: "idea" as const,
            id: i.id,
            tags: ["批量"],
            baseUpdatedAt: i.updatedAt,
          })),
        },
      });
      for (let i = 0; ; i++) {
        const { rows } = await ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) break;
        if (i > 200) throw new Error("the batch never waited on the single edit");
        await new Promise((r) => setTimeout(r, 10));
      }
      await single.query("UPDATE ideas SET tags = '{单条}', updated_at = now() WHERE id = $1", [b.id]);
      await single.query("COMMIT");
      // b changed under it: the batch is refused whole, as any stale edit
      expect((await batch).status).toBe(409);
    } finally {
      await single.query("ROLLBACK").catch(() => undefined);
      single.release();
    }
    const idea = async (id: string) => (await request(ctx, "getIdea", { token, params: { id } })).body.data;
    expect((await idea(a.id)).tags).toEqual([]);
    expect((await idea(b.id)).tags).toEqual(["单条"]);
  });
});

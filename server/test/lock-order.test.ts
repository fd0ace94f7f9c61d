import { expect, it } from "vitest";
import { onOneDatabase, registerUser, request } from "./helpers.ts";

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
      // what stores/trash.ts's restore does, paused between its two statements
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
});

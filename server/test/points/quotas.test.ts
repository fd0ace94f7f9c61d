// Over 300 lines: every promise of the per-user quota (items, bytes, 回收站, avatar, concurrency,
// per-statement counting, no deadlock, the migration's backfill) on one suite with one configured
// server; split, each part would register its own.
import { readFileSync } from "node:fs";
import { DELETE_ACCOUNT_PHRASE } from "@shinian/contract";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/env.ts";
import { call, forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { userSnapshot } from "../user-snapshot.ts";

const ITEMS = 5;
const BYTES = 3000;
/** "字" is 3 bytes of UTF-8. */
const words = (bytes: number) => "字".repeat(bytes / 3);

const capture = (ctx: TestCtx, u: TestUser, content: string) =>
  request(ctx, "createIdea", { token: u.token, body: { content } });
const usage = async (ctx: TestCtx, u: TestUser) =>
  (await request(ctx, "getUsage", { token: u.token })).body.data;

/** Migration 013's own backfill, run for one user, must count what the triggers counted. */
const BACKFILL = readFileSync(new URL("../../src/db/migrations/013_quotas.sql", import.meta.url), "utf8")
  .split("-- Existing accounts: their usage as the triggers would have counted it.")[1]!
  .trim()
  .replace(/;$/, "");

forEachDatabase(
  (ctx) => {
    const expectRefused = (res: { status: number; body: { code?: string; message?: string } }) => {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("QUOTA_EXCEEDED");
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    };

    describe("per-user quotas", () => {
      it("refuses the item past QUOTA_ITEMS with 403 QUOTA_EXCEEDED, changing nothing; others write on", async () => {
        const [u, other] = [await registerUser(ctx), await registerUser(ctx)];
        for (let i = 0; i < 3; i++) expect((await capture(ctx, u, `想法 ${i}`)).status).toBe(201);
        for (let i = 0; i < 2; i++) {
          const note = await request(ctx, "createNote", {
            token: u.token,
            body: { title: `笔记 ${i}`, content: "内容" },
          });
          expect(note.status).toBe(201);
        }
        expect(await usage(ctx, u)).toMatchObject({ items: 5, maxItems: ITEMS, maxBytes: BYTES });

        const before = await userSnapshot(ctx, u.id);
        const refused = await capture(ctx, u, "第六条");
        expectRefused(refused);
        expect(refused.body.message).toBe(
          "已存满 5 条想法和笔记（回收站里的也算在内），请先彻底删除一些再保存",
        );
        expectRefused(
          await request(ctx, "createNote", { token: u.token, body: { title: "再一篇", content: "内容" } }),
        );
        const ideaIds = (await request(ctx, "listIdeas", { token: u.token, query: {} })).body.data.items.map(
          (i) => i.id,
        );
        expectRefused(
          await request(ctx, "composeNote", { token: u.token, body: { ideaIds: ideaIds.slice(0, 2) } }),
        );
        expect(await userSnapshot(ctx, u.id)).toEqual(before);

        expect((await capture(ctx, other, "别人照常记录")).status).toBe(201);
      });

      it("counts what is in 回收站 until it is deleted for good; restoring is never refused", async () => {
        const u = await registerUser(ctx);
        const made = [];
        for (let i = 0; i < ITEMS; i++) made.push((await capture(ctx, u, `想法 ${i}`)).body.data);
        const full = await usage(ctx, u);

        await request(ctx, "deleteIdea", { token: u.token, params: { id: made[0]!.id } });
        expect(await usage(ctx, u)).toEqual(full);
        expectRefused(await capture(ctx, u, "删了还没清空"));
        // at the limit, putting it back adds nothing: it comes back
        const restored = await request(ctx, "restoreFromTrash", {
          token: u.token,
          params: { id: made[0]!.id },
        });
        expect(restored.status).toBe(200);
        expect(await usage(ctx, u)).toEqual(full);

        await request(ctx, "deleteIdea", { token: u.token, params: { id: made[1]!.id } });
        await request(ctx, "deleteFromTrash", { token: u.token, params: { id: made[1]!.id } });
        const freed = await usage(ctx, u);
        expect(freed.items).toBe(ITEMS - 1);
        expect(freed.bytes).toBe(full.bytes - 2 * Buffer.byteLength("想法 1"));
        expect((await capture(ctx, u, "有地方了")).status).toBe(201);

        for (const i of [2, 3])
          await request(ctx, "deleteIdea", { token: u.token, params: { id: made[i]!.id } });
        await request(ctx, "emptyTrash", { token: u.token });
        expect((await usage(ctx, u)).items).toBe(ITEMS - 2);
      });

      it("refuses bytes past QUOTA_BYTES: captures, longer edits, the profile, chat; shorter edits pass", async () => {
        const u = await registerUser(ctx);
        const base = (await usage(ctx, u)).bytes; // the nickname
        // an idea's words count twice: the original and the current text
        const idea = (await capture(ctx, u, words(1200))).body.data;
        expect((await usage(ctx, u)).bytes).toBe(base + 2400);

        const before = await userSnapshot(ctx, u.id);
        const refused = await capture(ctx, u, words(600));
        expectRefused(refused);
        expect(refused.body.message).toMatch(/^存储空间已用完（上限 2\.9 KB/);
        expectRefused(
          await request(ctx, "updateIdea", {
            token: u.token,
            params: { id: idea.id },
            body: { content: words(2100) },
          }),
        );
        expectRefused(
          await request(ctx, "updateProfile", { token: u.token, body: { identityDescription: words(900) } }),
        );
        const chat = (await request(ctx, "createConversation", { token: u.token, body: {} })).body.data;
        const before2 = await userSnapshot(ctx, u.id);
        expectRefused(
          await request(ctx, "sendMessage", {
            token: u.token,
            params: { id: chat.id },
            body: { content: words(900) },
          }),
        );
        expect(await userSnapshot(ctx, u.id)).toEqual(before2);
        expect(before2.ideas).toEqual(before.ideas);
        expect(before2.users).toEqual(before.users);

        const shorter = await request(ctx, "updateIdea", {
          token: u.token,
          params: { id: idea.id },
          body: { content: words(300) },
        });
        expect(shorter.status).toBe(200);
        expect((await usage(ctx, u)).bytes).toBe(base + 1500);
        expect((await capture(ctx, u, words(600))).status).toBe(201);
      });

      it("counts the avatar's bytes and refuses one that does not fit", async () => {
        const u = await registerUser(ctx);
        const png = (size: number) => {
          const bytes = Buffer.alloc(size, 1);
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
          const form = new FormData();
          form.append("file", new File([bytes], "a.png", { type: "image/png" }));
          return form;
        };
        const base = (await usage(ctx, u)).bytes;
        const upload = (size: number) =>
          call(ctx, "POST", "/api/profile/avatar", { token: u.token, raw: png(size) });
        expect((await upload(1000)).status).toBe(200);
        expect((await usage(ctx, u)).bytes).toBe(base + 1000);
        expectRefused(await upload(BYTES));
        expect((await upload(500)).status).toBe(200); // replaces the first: frees its bytes
        expect((await usage(ctx, u)).bytes).toBe(base + 500);
      });

      it("holds under concurrency: one item left and 10 captures at once, exactly one is saved", async () => {
        const u = await registerUser(ctx);
        for (let i = 0; i < ITEMS - 1; i++) await capture(ctx, u, `想法 ${i}`);
        const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => capture(ctx, u, `并发 ${i}`)));
        expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 403)).toHaveLength(9);
        for (const a of answers.filter((a) => a.status !== 201)) expectRefused(a);
        const { rows } = await ctx.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM ideas WHERE user_id = $1",
          [u.id],
        );
        expect(rows[0]!.n).toBe(ITEMS);
        expect((await usage(ctx, u)).items).toBe(ITEMS);
      });

      it("a statement changing many rows updates the usage row once, not once per row", async () => {
        const u = await registerUser(ctx);
        await ctx.db.query(
          `INSERT INTO trash (user_id, id, type, title, preview, item)
           SELECT $1, gen_random_uuid(), 'note', '', '', jsonb_build_object('note', jsonb_build_object('title', '', 'content', '字', 'tags', '{}'))
           FROM generate_series(1, 200)`,
          [u.id],
        );
        expect(await usage(ctx, u)).toMatchObject({ items: 200 });
        const client = await ctx.db.connect();
        try {
          const updates = async () =>
            (
              await client.query<{ n: number }>(
                "SELECT n_tup_upd AS n FROM pg_stat_xact_user_tables WHERE relname = 'user_usage'",
              )
            ).rows[0]!.n;
          await client.query("BEGIN");
          const before = await updates();
          await client.query("DELETE FROM trash WHERE user_id = $1", [u.id]);
          // row by row, the same row updated N times in one transaction would cost O(N²)
          expect((await updates()) - before).toBe(1);
          await client.query("COMMIT");
        } finally {
          client.release();
        }
        expect(await usage(ctx, u)).toMatchObject({ items: 0 });
      });

      it("one account's writes of every kind at once all finish: no deadlock on its usage row", async () => {
        const u = await registerUser(ctx);
        const ideas = [];
        for (let i = 0; i < 3; i++) ideas.push((await capture(ctx, u, `想法 ${i}`)).body.data);
        const note = (
          await request(ctx, "createNote", { token: u.token, body: { title: "笔", content: "记" } })
        ).body.data;
        await request(ctx, "deleteIdea", { token: u.token, params: { id: ideas[2]!.id } });
        const answers = await Promise.all([
          capture(ctx, u, "同时"),
          request(ctx, "updateIdea", {
            token: u.token,
            params: { id: ideas[0]!.id },
            body: { content: "改过" },
          }),
          request(ctx, "deleteIdea", { token: u.token, params: { id: ideas[1]!.id } }),
          request(ctx, "restoreFromTrash", { token: u.token, params: { id: ideas[2]!.id } }),
          request(ctx, "updateNote", {
            token: u.token,
            params: { id: note.id },
            body: { content: "改过的笔记" },
          }),
          request(ctx, "updateProfile", { token: u.token, body: { identityDescription: "同时改" } }),
          request(ctx, "emptyTrash", { token: u.token }),
        ]);
        expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
        const kept = await ctx.db.query("SELECT items, bytes FROM user_usage WHERE user_id = $1", [u.id]);
        const counted = await ctx.db.query(
          `SELECT b.items::bigint, b.bytes::bigint FROM (${BACKFILL.replace("INSERT INTO user_usage (user_id, items, bytes)", "")}
             WHERE u.id = $1) b (user_id, items, bytes)`,
          [u.id],
        );
        expect(counted.rows[0]).toEqual(kept.rows[0]);
      });

      it("migration 013's backfill counts what the triggers counted, after every kind of write", async () => {
        const u = await registerUser(ctx);
        const a = (await capture(ctx, u, "第一条 想法")).body.data;
        const b = (await capture(ctx, u, "第二条")).body.data;
        await ctx.db.query(
          `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags)
           VALUES ($1, $2, 'm', '标题', '整理后的话', '{标签}')`,
          [u.id, b.id],
        );
        await request(ctx, "updateIdea", {
          token: u.token,
          params: { id: a.id },
          body: { title: "题", tags: ["甲", "乙"] },
        });
        const note = (
          await request(ctx, "createNote", { token: u.token, body: { title: "笔", content: "记" } })
        ).body.data;
        await request(ctx, "deleteIdea", { token: u.token, params: { id: b.id } });
        await request(ctx, "deleteNote", { token: u.token, params: { id: note.id } });
        await request(ctx, "restoreFromTrash", { token: u.token, params: { id: note.id } });
        await request(ctx, "updateProfile", { token: u.token, body: { identityDescription: "写东西的人" } });
        const chat = (await request(ctx, "createConversation", { token: u.token, body: {} })).body.data;
        await request(ctx, "sendMessage", {
          token: u.token,
          params: { id: chat.id },
          body: { content: "你好" },
        });

        const kept = await ctx.db.query("SELECT items, bytes FROM user_usage WHERE user_id = $1", [u.id]);
        expect(kept.rows[0]).toMatchObject({ items: 3 });
        const client = await ctx.db.connect();
        try {
          await client.query("BEGIN");
          await client.query("DELETE FROM user_usage WHERE user_id = $1", [u.id]);
          await client.query(`${BACKFILL} WHERE u.id = $1`, [u.id]);
          const recounted = await client.query("SELECT items, bytes FROM user_usage WHERE user_id = $1", [
            u.id,
          ]);
          expect(recounted.rows[0]).toEqual(kept.rows[0]);
        } finally {
          await client.query("ROLLBACK");
          client.release();
        }
      });

      it("deleting the account takes its usage with it", async () => {
        const u = await registerUser(ctx);
        await capture(ctx, u, "要走了");
        const gone = await request(ctx, "deleteAccount", {
          token: u.token,
          body: { password: u.password, confirm: DELETE_ACCOUNT_PHRASE },
        });
        expect(gone.status).toBe(200);
        const { rowCount } = await ctx.db.query("SELECT 1 FROM user_usage WHERE user_id = $1", [u.id]);
        expect(rowCount).toBe(0);
      });
    });
  },
  { QUOTA_ITEMS: String(ITEMS), QUOTA_BYTES: String(BYTES), RATE_CAPTURES: "0", RATE_NOTES: "0" },
);

describe("quota configuration", () => {
  it("is generous by default, reads sizes, takes 0 for none, and refuses anything else naming the variable", () => {
    expect(loadConfig({}).quota).toEqual({ items: 100_000, bytes: 1024 ** 3 });
    expect(loadConfig({ QUOTA_BYTES: "500MiB", QUOTA_ITEMS: "20" }).quota).toEqual({
      items: 20,
      bytes: 500 * 1024 ** 2,
    });
    expect(loadConfig({ QUOTA_BYTES: "200000" }).quota.bytes).toBe(200_000);
    expect(loadConfig({ QUOTA_BYTES: "2 GB" }).quota.bytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ QUOTA_ITEMS: "0", QUOTA_BYTES: "0" }).quota).toEqual({ items: null, bytes: null });
    for (const [name, bad] of [
      ["QUOTA_BYTES", "1.5GB"],
      ["QUOTA_BYTES", "1PB"],
      ["QUOTA_BYTES", "-1"],
      ["QUOTA_BYTES", "lots"],
      ["QUOTA_ITEMS", "-5"],
      ["QUOTA_ITEMS", "1.5"],
    ] as const) {
      expect(() => loadConfig({ [name]: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: bad }), bad).toThrow(new RegExp(name));
    }
  });
});

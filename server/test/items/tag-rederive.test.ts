import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app.ts";
import { migrate } from "../../src/db/migrate.ts";
import { createPool } from "../../src/db/pool.ts";
import { rederiveBatch } from "../../src/items/tag-rederive.ts";
import { createLogger } from "../../src/logger.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";

const silent = createLogger("silent");

// Migration 030's walk runs over every row of a database: on a database of its own, so that no
// other suite's rows are walked (and none of theirs lands in this one).
forEachDatabase((shared) => {
  describe("标签：迁移 030 为已有内容补上新规则认出的标签", () => {
    const ctx = {} as TestCtx;
    const name = `shinian_tags_${randomBytes(4).toString("hex")}`;
    beforeAll(async () => {
      await shared.db.query(`CREATE DATABASE ${name}`);
      const config = shared.poolConfig.connectionString
        ? {
            connectionString: Object.assign(new URL(shared.poolConfig.connectionString), {
              pathname: `/${name}`,
            }).toString(),
          }
        : { ...shared.poolConfig, database: name };
      Object.assign(ctx, { ...shared, poolConfig: config, db: createPool({ ...config, max: 5 }, silent) });
      await migrate(ctx.db, silent);
      ctx.app = createApp({ config: shared.config, db: ctx.db, logger: silent });
    });
    afterAll(async () => {
      await ctx.db.end();
      await shared.db.query(`DROP DATABASE ${name} WITH (FORCE)`);
    });

    const create = async (u: TestUser, kind: "createIdea" | "createNote", content: string) => {
      const body = kind === "createIdea" ? { content } : { title: "笔记", content };
      const res = await request(ctx, kind, { token: u.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as string;
    };
    /** The row as a server before issue 29 left it: these tags, search words without them. */
    const asBefore = async (table: "ideas" | "notes", id: string, tags: string[]) =>
      ctx.db.query(`UPDATE ${table} SET tags = $2, search = ''::tsvector WHERE id = $1`, [id, tags]);
    const walk = async (limit?: number) => {
      let batches = 0;
      for (let left = true; left; batches++) {
        const batch = await rederiveBatch(ctx.db, limit ? { ideas: limit, notes: limit, trash: limit } : {});
        if (batch !== "busy") left = batch.left;
      }
      return batches;
    };
    const row = async (table: "ideas" | "notes", id: string) =>
      (
        await ctx.db.query(
          `SELECT tags, updated_at, search @@ 'paobu'::tsquery AS pinyin FROM ${table} WHERE id = $1`,
          [id],
        )
      ).rows[0];

    it("adds what the new rule finds, keeps every tag, never gives back one the old rule saw, resumes at its bookmark", async () => {
      const u = await registerUser(ctx);
      const flomo = await create(u, "createIdea", "新买的鞋，跑起来像小火车。#跑步 #装备");
      await asBefore("ideas", flomo, ["装备"]);
      // the old rule saw #读书; the person took it off by hand: it stays off
      const removed = await create(u, "createIdea", "#读书 今天。#跑步");
      await asBefore("ideas", removed, []);
      const chosen = await create(u, "createIdea", "只有手选的标签");
      await asBefore("ideas", chosen, ["手选"]);
      const note = await create(u, "createNote", "# 标题 #不算\n\n#跑步 开篇\n\n`#代码`");
      await asBefore("notes", note, []);
      // an idea showing an AI version: its original words' tags come with it, as 自动整理 gives them
      const tidied = await create(u, "createIdea", "好累。#跑步");
      await asBefore("ideas", tidied, ["运动"]);
      const { rows } = await ctx.db.query(
        `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags)
         VALUES ($1, $2, 'm', '跑完了', 'AI 写的正文', '{运动}') RETURNING id`,
        [u.id, tidied],
      );
      await ctx.db.query("UPDATE ideas SET content = 'AI 写的正文', ai_version_id = $2 WHERE id = $1", [
        tidied,
        rows[0].id,
      ]);
      // in 回收站, kept as JSON, restored as it is kept
      const trashed = await create(u, "createIdea", "扔掉之前。#跑步");
      await asBefore("ideas", trashed, []);
      await request(ctx, "deleteIdea", { token: u.token, params: { id: trashed } });
      const edited = (await row("ideas", flomo)).updated_at;

      // one row a batch: the walk stops and resumes at its bookmark every time
      expect(await walk(1)).toBeGreaterThan(6);
      expect((await ctx.db.query("SELECT count(*)::int AS n FROM tag_rederive")).rows[0].n).toBe(0);

      expect(await row("ideas", flomo)).toMatchObject({
        tags: ["装备", "跑步"],
        updated_at: edited,
        pinyin: true,
      });
      expect((await row("ideas", removed)).tags).toEqual(["跑步"]);
      expect((await row("ideas", chosen)).tags).toEqual(["手选"]);
      expect(await row("notes", note)).toMatchObject({ tags: ["跑步"], pinyin: true });
      expect((await row("ideas", tidied)).tags).toEqual(["运动", "跑步"]);
      const restored = await request(ctx, "restoreFromTrash", { token: u.token, params: { id: trashed } });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect((await row("ideas", trashed)).tags).toEqual(["跑步"]);
      const tags = (await request(ctx, "listTags", { token: u.token })).body.data.tags;
      expect(tags.find((t: { name: string }) => t.name === "跑步")).toMatchObject({ count: 5 });

      // done: a later start walks nothing
      expect(await rederiveBatch(ctx.db)).toEqual({ tagged: 0, left: false });
    });

    it("walks again after migration 037: tags after an emoji, half-width punctuation in Chinese, a full-width ＃", async () => {
      const u = await registerUser(ctx);
      const id = await create(u, "createIdea", "🏃#跑步 跑得很好,#晨跑 读了。＃读书");
      await asBefore("ideas", id, []);
      await ctx.db.query(
        readFileSync(
          new URL("../../src/db/migrations/037_tags_after_emoji_and_fullwidth.sql", import.meta.url),
          "utf8",
        ),
      );
      await walk();
      expect((await row("ideas", id)).tags).toEqual(["跑步", "晨跑", "读书"]);
    });

    const rerun037 = async () => {
      await ctx.db.query(
        readFileSync(
          new URL("../../src/db/migrations/037_tags_after_emoji_and_fullwidth.sql", import.meta.url),
          "utf8",
        ),
      );
      await walk();
    };

    it("after migration 037, a removed tag stays removed", async () => {
      const u = await registerUser(ctx);
      // 030's rule tagged it; the person took 跑步 off the tags alone, its # still in the words
      const idea = await create(u, "createIdea", "跑了五公里。#跑步");
      await asBefore("ideas", idea, []);
      const note = await create(u, "createNote", "笔记 #旧");
      await asBefore("notes", note, []);
      await rerun037();
      expect((await row("ideas", idea)).tags).toEqual([]);
      expect((await row("notes", note)).tags).toEqual([]);
    });

    it("after migration 037, a renamed tidied idea keeps its new name", async () => {
      const u = await registerUser(ctx);
      const id = await create(u, "createIdea", "好书。#读书 🏃#跑步");
      const { rows } = await ctx.db.query(
        `INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags)
         VALUES ($1, $2, 'm', '好书', '整理后的文字 #阅读', '{阅读}') RETURNING id`,
        [u.id, id],
      );
      await ctx.db.query(
        "UPDATE ideas SET content = '整理后的文字 #阅读', tags = '{阅读}', ai_version_id = $2 WHERE id = $1",
        [id, rows[0].id],
      );
      await ctx.db.query("INSERT INTO tag_renames (user_id, from_tag, to_tag) VALUES ($1, '读书', '阅读')", [
        u.id,
      ]);
      await rerun037();
      // the emoji's tag is new to the rule; the old name 读书 does not come back
      expect((await row("ideas", id)).tags).toEqual(["阅读", "跑步"]);
    });
  });
});

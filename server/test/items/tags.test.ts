import { describe, expect, it } from "vitest";
import { forEachDatabase, indexPlan, registerUser, request, type TestUser } from "../helpers.ts";

forEachDatabase((ctx) => {
  const idea = async (u: TestUser, content: string, tags?: string[]) => {
    const res = await request(ctx, "createIdea", { token: u.token, body: { content, tags } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const note = async (u: TestUser, tags: string[]) =>
    (await request(ctx, "createNote", { token: u.token, body: { title: "笔记", content: "正文", tags } }))
      .body.data;
  const noteWith = async (u: TestUser, content: string, tags?: string[]) => {
    const res = await request(ctx, "createNote", { token: u.token, body: { title: "笔记", content, tags } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };
  const tags = async (u: TestUser) => (await request(ctx, "listTags", { token: u.token })).body.data.tags;
  const feedIds = async (u: TestUser, tag: string) =>
    (await request(ctx, "feed", { token: u.token, query: { tag, limit: 100 } })).body.data.items
      .map((i) => i.id)
      .sort();
  /** The counts kept by the triggers equal a count made afresh from every row. */
  const countsAreExact = async (u: TestUser) => {
    const { rows } = await ctx.db.query(
      `SELECT name, count(*)::int AS count FROM (
         SELECT unnest(tag_paths) AS name FROM ideas WHERE user_id = $1
         UNION ALL SELECT unnest(tag_paths) FROM notes WHERE user_id = $1) t GROUP BY name`,
      [u.id],
    );
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    const listed = (await tags(u)).map(({ name, count }: { name: string; count: number }) => ({
      name,
      count,
    }));
    expect(listed.sort(byName)).toEqual(rows.sort(byName));
  };
  const rename = (u: TestUser, body: { from: string; to: string; dryRun?: boolean }) =>
    request(ctx, "renameTag", { token: u.token, body });

  describe("标签", () => {
    it("takes the #标签 typed at capture and on edit as the idea's tags, merged with the given ones", async () => {
      const u = await registerUser(ctx);
      const made = await idea(
        u,
        "#读书/小说 今天读完 The Three-Body Problem #scifi，推荐！见 https://example.com/book#review C# 也想学",
        ["推荐"],
      );
      expect(made.tags).toEqual(["推荐", "读书/小说", "scifi"]);
      expect(made.content).toContain("#读书/小说");

      const edited = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: made.id },
        body: { content: "改了： #读书/散文 #灵感，又：#也算，不算#这个" },
      });
      expect(edited.body.data.tags).toEqual(["推荐", "读书/小说", "scifi", "读书/散文", "灵感", "也算"]);
      // a tag-only edit is taken as given, even when the words still name the tag
      const untagged = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: made.id },
        body: { tags: ["灵感"] },
      });
      expect(untagged.body.data.tags).toEqual(["灵感"]);
    });

    it("takes #标签 after Chinese punctuation, never after a letter, a digit, a Chinese character or in a URL", async () => {
      const u = await registerUser(ctx);
      const made = await idea(
        u,
        "新买的鞋，跑起来像小火车。#跑步 看了（#展览）、#摄影！学 C# 和 abc#def，3#4，读书#笔记 " +
          "https://x.com/page#part https://x.com/a。#链接之后 https://x.com/页面#不算",
      );
      expect(made.tags).toEqual(["跑步", "展览", "摄影", "链接之后"]);
    });

    it("takes the #标签 typed in a note, never in its code or headings, when it is written and edited", async () => {
      const u = await registerUser(ctx);
      const made = await noteWith(
        u,
        "# 读书笔记 #不算\n\n#读书 开篇。#摘抄\n\n行内 `#代码` 不算\n\n```\n#代码块\n```\n\n## 第二章",
        ["手动"],
      );
      expect(made.tags).toEqual(["手动", "读书", "摘抄"]);
      const edited = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: made.id },
        body: { content: "改写了。#写作\n\n### 小标题 #也不算" },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.data.tags).toEqual(["手动", "读书", "摘抄", "写作"]);
      // a pin, a title: the tags stay as they are
      const pinned = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: made.id },
        body: { pinned: true, tags: ["手动"] },
      });
      expect(pinned.body.data.tags).toEqual(["手动"]);
    });

    it("counts each item once under a parent, lists a parent that only its children make, and leaves out 回收站", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      await idea(u, "两本 #读书/小说 #读书/散文");
      await idea(u, "#读书 #读书/小说/短篇");
      await idea(u, "#读书会 周六");
      await note(u, ["工作/周报"]);
      const gone = await idea(u, "#读书/小说 要删的");
      await request(ctx, "deleteIdea", { token: u.token, params: { id: gone.id } });
      await idea(other, "#读书 别人的");

      // the most used first, the same count in pinyin order, each with its pinyin for the composer
      expect(await tags(u)).toEqual([
        { name: "读书", count: 2, pinyin: "dushu", initials: "ds" },
        { name: "读书/小说", count: 2, pinyin: "dushu/xiaoshuo", initials: "ds/xs" },
        { name: "读书/散文", count: 1, pinyin: "dushu/sanwen", initials: "ds/sw" },
        { name: "读书/小说/短篇", count: 1, pinyin: "dushu/xiaoshuo/duanpian", initials: "ds/xs/dp" },
        { name: "读书会", count: 1, pinyin: "dushuhui", initials: "dsh" },
        { name: "工作", count: 1, pinyin: "gongzuo", initials: "gz" },
        { name: "工作/周报", count: 1, pinyin: "gongzuo/zhoubao", initials: "gz/zb" },
      ]);
      expect(await tags(other)).toEqual([{ name: "读书", count: 1, pinyin: "dushu", initials: "ds" }]);

      // restored from 回收站, it counts again
      await request(ctx, "restoreFromTrash", { token: u.token, params: { id: gone.id } });
      expect((await tags(u)).find((t) => t.name === "读书")).toMatchObject({ name: "读书", count: 3 });
      await countsAreExact(u);
    });

    it("filters the feed by a tag and its children, by whole levels, the user's own items only", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const a = await idea(u, "#读书/小说 一");
      const b = await idea(u, "#读书 二");
      await idea(u, "#读书会 三");
      const n = await note(u, ["读书/散文"]);
      await idea(other, "#读书 别人的");

      expect(await feedIds(u, "读书")).toEqual([a.id, b.id, n.id].sort());
      expect(await feedIds(u, "读书/小说")).toEqual([a.id]);
      expect(await feedIds(u, "小说")).toEqual([]);
      const ideasOnly = await request(ctx, "listIdeas", { token: u.token, query: { tag: "读书" } });
      expect(ideasOnly.body.data.items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    });

    it("renames a tag with its children, merges into an existing one, and says first how many change", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const a = await idea(u, "#读书/小说 #阅读");
      const b = await idea(u, "#读书 #读书会");
      const c = await note(u, ["读书/小说", "阅读/小说"]);
      const d = await idea(u, "#读书会");
      const theirs = await idea(other, "#读书");

      const dry = await rename(u, { from: "读书", to: "阅读", dryRun: true });
      expect(dry.body.data).toEqual({ changed: 3 });
      expect((await tags(u)).find((t) => t.name === "读书")?.count).toBe(3);

      const done = await rename(u, { from: "读书", to: "阅读" });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ message: "已更新 3 条", data: { changed: 3 } });
      const tagsOf = async (id: string, type: "getIdea" | "getNote" = "getIdea") =>
        (await request(ctx, type, { token: u.token, params: { id } })).body.data.tags;
      expect(await tagsOf(a.id)).toEqual(["阅读/小说", "阅读"]);
      expect(await tagsOf(b.id)).toEqual(["阅读", "读书会"]);
      expect(await tagsOf(c.id, "getNote")).toEqual(["阅读/小说"]);
      expect(await tagsOf(d.id)).toEqual(["读书会"]);
      expect(
        (await request(ctx, "getIdea", { token: other.token, params: { id: theirs.id } })).body.data.tags,
      ).toEqual(["读书"]);
      expect((await tags(u)).map((t) => t.name)).toEqual(["阅读", "读书会", "阅读/小说"]);
      // the new name is found by search
      const found = await request(ctx, "search", { token: u.token, query: { q: "阅读" } });
      expect(found.body.data.items.map((i) => i.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    });

    it("rewrites the tag in every item's current words, never in 原始想法: the next edit keeps the new name", async () => {
      const u = await registerUser(ctx);
      const typed = "读完了。#读书/小说 #读书会 `#读书` 读书#读书 https://x.cn/#读书";
      const a = await idea(u, typed);
      const n = await noteWith(u, "# 书单 #读书\n\n今天读了三本。#读书\n\n```\n#读书\n```");
      const plain = await noteWith(u, "周末在家。#读书");
      // a long note: its 200,000 characters go through the rewrite too
      const long = await noteWith(u, `${"长".repeat(199_990)}。#读书/长篇`);
      const byHand = await idea(u, "没有写标签", ["读书"]);
      const untouched = await idea(u, "别的 #写作");

      const done = await rename(u, { from: "读书", to: "阅读" });
      expect(done.body).toMatchObject({ message: "已更新 5 条", data: { changed: 5 } });

      const get = async (id: string, type: "getIdea" | "getNote" = "getIdea") =>
        (await request(ctx, type, { token: u.token, params: { id } })).body.data;
      const ideaA = await get(a.id);
      expect(ideaA).toMatchObject({
        content: "读完了。#阅读/小说 #读书会 `#读书` 读书#读书 https://x.cn/#读书",
        originalContent: typed,
        tags: ["阅读/小说", "读书会"],
      });
      const noteN = await get(n.id, "getNote");
      expect(noteN).toMatchObject({
        content: "# 书单 #读书\n\n今天读了三本。#阅读\n\n```\n#读书\n```",
        tags: ["阅读"],
      });
      const longNote = await get(long.id, "getNote");
      expect([longNote.content.length, longNote.content.slice(-8), longNote.tags]).toEqual([
        199_997,
        "长。#阅读/长篇",
        ["阅读/长篇"],
      ]);
      expect(await get(byHand.id)).toMatchObject({ content: "没有写标签", tags: ["阅读"] });
      expect(await get(untouched.id)).toMatchObject({ content: "别的 #写作", tags: ["写作"] });

      // the next edits, as the app sends them (the words and the tags field), bring no 读书 back
      const again = await request(ctx, "updateIdea", {
        token: u.token,
        params: { id: a.id },
        body: { content: `${ideaA.content} 又想到一点`, tags: ideaA.tags, baseUpdatedAt: ideaA.updatedAt },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data.tags).toEqual(["阅读/小说", "读书会"]);
      const noteAgain = await request(ctx, "updateNote", {
        token: u.token,
        params: { id: n.id },
        body: { content: `${noteN.content}\n\n补一句`, tags: noteN.tags, baseUpdatedAt: noteN.updatedAt },
      });
      expect(noteAgain.body.data.tags).toEqual(["阅读"]);
      expect((await tags(u)).map((t) => t.name)).not.toContain("读书");

      // the search words follow the words: the note with no other 读书 is found by 阅读 only
      const words = await ctx.db.query(
        "SELECT search @@ '读书'::tsquery AS old, search @@ '阅读'::tsquery AS new, search @@ 'yuedu'::tsquery AS pinyin FROM notes WHERE id = $1",
        [plain.id],
      );
      expect(words.rows[0]).toEqual({ old: false, new: true, pinyin: true });
      const found = await request(ctx, "search", { token: u.token, query: { q: "阅读" } });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toEqual(
        expect.arrayContaining([a.id, n.id, plain.id, long.id, byHand.id]),
      );
    });

    it("rewrites the words that hold the tag where the tags don't (an 11th tag, a row not re-derived yet)", async () => {
      const u = await registerUser(ctx);
      const full = await idea(
        u,
        "满了 #读书",
        Array.from({ length: 10 }, (_, i) => `标签${i}`),
      );
      expect(full.tags).not.toContain("读书");
      const old = await idea(u, "好看的书。#读书");
      await ctx.db.query("UPDATE ideas SET tags = '{}' WHERE id = $1", [old.id]); // as before migration 030
      // typed full-width, as a Chinese IME does, in a row the re-derivation has not reached (036)
      const wide = await idea(u, "好看的书 ＃读书");
      await ctx.db.query("UPDATE ideas SET tags = '{}' WHERE id = $1", [wide.id]);
      expect((await rename(u, { from: "读书", to: "阅读" })).status).toBe(200);
      for (const id of [full.id, old.id, wide.id]) {
        const got = (await request(ctx, "getIdea", { token: u.token, params: { id } })).body.data;
        expect(got.content).toMatch(/[#＃]阅读$/);
        expect(got.tags).not.toContain("读书");
      }
    });

    it("renames in 回收站 and in the AI versions too: a restore or an older version brings no old name back", async () => {
      const u = await registerUser(ctx);
      const gone = await idea(u, "扔掉的胶卷。#摄影/胶片");
      const kept = await idea(u, "留着 #摄影");
      await ctx.db.query(
        "INSERT INTO idea_versions (user_id, idea_id, model, title, content, tags) VALUES ($1, $2, 'm', '', '留着', $3)",
        [u.id, kept.id, ["摄影", "生活"]],
      );
      expect((await request(ctx, "deleteIdea", { token: u.token, params: { id: gone.id } })).status).toBe(
        200,
      );
      expect((await rename(u, { from: "摄影", to: "拍照" })).status).toBe(200);

      const restored = await request(ctx, "restoreFromTrash", { token: u.token, params: { id: gone.id } });
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      const back = (await request(ctx, "getIdea", { token: u.token, params: { id: gone.id } })).body.data;
      expect(back).toMatchObject({ content: "扔掉的胶卷。#拍照/胶片", tags: ["拍照/胶片"] });
      const versions = await ctx.db.query("SELECT tags FROM idea_versions WHERE idea_id = $1", [kept.id]);
      expect(versions.rows.map((row) => row.tags)).toEqual([["拍照", "生活"]]);
      expect((await tags(u)).map((t) => t.name)).not.toContain("摄影");
    });

    it("refuses, changing nothing, a new name that cannot be typed as #标签 when the words hold the tag", async () => {
      const u = await registerUser(ctx);
      const typed = await idea(u, "好书。#读书");
      const given = await idea(u, "没写出来", ["编程"]);
      const refused = await rename(u, { from: "读书", to: "读 书" });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(
        "正文里写着 #读书，而「读 书」含有空格或标点，写不成 #标签；请换一个只含文字和数字的名称（用 / 分级）",
      );
      expect(
        (await request(ctx, "getIdea", { token: u.token, params: { id: typed.id } })).body.data,
      ).toMatchObject({ content: "好书。#读书", tags: ["读书"] });
      // a tag no words hold may take any name
      expect((await rename(u, { from: "编程", to: "C++" })).status).toBe(200);
      expect(
        (await request(ctx, "getIdea", { token: u.token, params: { id: given.id } })).body.data.tags,
      ).toEqual(["C++"]);
    });

    it("refuses a rename to the same name, to an empty level, or past 20 characters, in Chinese", async () => {
      const u = await registerUser(ctx);
      await idea(u, "#读书/小说很长的名字");
      const same = await rename(u, { from: "读书", to: "读书" });
      expect([same.status, same.body.message]).toEqual([400, "新名称与原名称相同"]);
      const empty = await rename(u, { from: "读书", to: "阅读/" });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toMatch(/每一级都不能为空/);
      const long = await rename(u, { from: "读书", to: "一个非常非常非常非常长的名字" });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe("改名后「一个非常非常非常非常长的名字/小说很长的名字」超过 20 个字符");
      expect((await tags(u)).map((t) => t.name)).toEqual(["读书", "读书/小说很长的名字"]);
    });

    it("renames atomically under concurrent edits and renames: nothing is lost, no item is left half-way", async () => {
      const u = await registerUser(ctx);
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) => idea(u, `第 ${i} 条 #读书/小说 #读书`)),
      );
      const edits = made.map((m, i) =>
        request(ctx, "updateIdea", {
          token: u.token,
          params: { id: m.id },
          body: { title: `改过 ${i}` },
        }),
      );
      const renames = [rename(u, { from: "读书", to: "阅读" }), rename(u, { from: "读书", to: "书" })];
      const [edited, renamed] = await Promise.all([Promise.all(edits), Promise.all(renames)]);
      for (const res of [...edited, ...renamed]) expect(res.status, JSON.stringify(res.body)).toBe(200);
      // the renames ran one after the other: the second found nothing left to rename
      const changed = renamed.map((r) => r.body.data.changed);
      expect(changed.sort((x, y) => x - y)).toEqual([0, 12]);
      const after = await Promise.all(
        made.map(
          async (m) => (await request(ctx, "getIdea", { token: u.token, params: { id: m.id } })).body.data,
        ),
      );
      const names = new Set(after.map((i) => i.tags.join(",")));
      expect(names.size, [...names].join(" | ")).toBe(1);
      expect(["阅读/小说,阅读", "书/小说,书"]).toContain([...names][0]);
      expect(after.map((i) => i.title)).toEqual(made.map((_, i) => `改过 ${i}`));
      await countsAreExact(u);
    });

    it("finds a tag's items through the tag_paths index", async () => {
      const plan = await indexPlan(ctx, "SELECT id FROM ideas WHERE tag_paths @> ARRAY['读书']");
      expect(plan).toContain("ideas_tag_paths");
    });
  });
});

// What a person does to a tidied idea keeps what they did: 恢复原文 is an edit (409 on a stale
// base, their own tags kept), tags alone and tag renames keep 已整理, the switches are not edits.
import { describe, expect, it } from "vitest";
import { type Scripted, tokens } from "../fake-provider.ts";
import { forEachDatabase, registerUser, request, type TestCtx, type TestUser } from "../helpers.ts";
import { addIdea, withProvider } from "./helpers.ts";

const json = (value: object): Scripted => ({
  kind: "stream",
  chunks: tokens(`\`\`\`json\n${JSON.stringify(value)}\n\`\`\``, 7),
});

forEachDatabase((ctx: TestCtx) => {
  const ai = withProvider(ctx, () => json({ title: "整理后", content: "整理后的正文。", tags: ["户外"] }));

  const tidied = async (u: TestUser, words: string) => {
    const id = await addIdea(ctx, u, words);
    const res = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
    expect(res.body.data.idea).toMatchObject({ tidied: true, tags: expect.arrayContaining(["户外"]) });
    return res.body.data.idea as { id: string; tags: string[]; updatedAt: string };
  };
  const get = async (u: TestUser, id: string) =>
    (await request(ctx, "getIdea", { params: { id }, token: u.token })).body.data;

  describe("恢复原文", () => {
    it("answers 409 with the current idea on a stale baseUpdatedAt, and changes nothing", async () => {
      const u = await registerUser(ctx);
      const idea = await tidied(u, "周末 去爬山 #运动");
      const edited = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { title: "我改的标题" },
      });
      expect(edited.status).toBe(200);

      const stale = await request(ctx, "restoreIdeaOriginal", {
        params: { id: idea.id },
        token: u.token,
        body: { baseUpdatedAt: idea.updatedAt },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.data).toMatchObject({ id: idea.id, title: "我改的标题" });
      expect((await get(u, idea.id)).title).toBe("我改的标题");

      const fresh = await request(ctx, "restoreIdeaOriginal", {
        params: { id: idea.id },
        token: u.token,
        body: { baseUpdatedAt: edited.body.data.updatedAt },
      });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data).toMatchObject({ title: "", content: "周末 去爬山 #运动", tidied: false });
    });

    it("keeps the tags the person added after the tidy, drops the AI's", async () => {
      const u = await registerUser(ctx);
      const idea = await tidied(u, "周末 去爬山 #运动");
      const tagged = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { tags: [...idea.tags, "周末计划"] },
      });
      expect(tagged.status).toBe(200);
      const restored = await request(ctx, "restoreIdeaOriginal", {
        params: { id: idea.id },
        token: u.token,
        body: {},
      });
      expect(restored.status).toBe(200);
      expect(restored.body.data.tags).toEqual(["运动", "周末计划"]);
    });
  });

  describe("the 已整理 mark", () => {
    it("stays through an edit of the tags alone, goes with an edit of the words", async () => {
      const u = await registerUser(ctx);
      const idea = await tidied(u, "想去看海");
      const tagged = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { tags: ["旅行"] },
      });
      expect(tagged.body.data).toMatchObject({ tags: ["旅行"], tidied: true });
      const versions = await request(ctx, "listIdeaVersions", { params: { id: idea.id }, token: u.token });
      expect(versions.body.data.currentVersionId).not.toBeNull();

      const worded = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { content: "我自己的话" },
      });
      expect(worded.body.data.tidied).toBe(false);
    });

    it("stays through 去标签 (the tag's # cut out of the words) and its 撤销 (put back)", async () => {
      const u = await registerUser(ctx);
      ai.fake.script(
        json({ title: "整理后", content: "整理后的正文。#运动 推荐 #户外 给大家", tags: ["户外"] }),
      );
      const idea = await tidied(u, "周末 去爬山 #运动");
      const cut = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: {
          content: "整理后的正文。#运动 推荐 户外 给大家",
          tags: idea.tags.filter((t) => t !== "户外"),
        },
      });
      expect(cut.body.data).toMatchObject({ tidied: true, tags: ["运动"] });
      const back = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { content: "整理后的正文。#运动 推荐 #户外 给大家", tags: idea.tags },
      });
      expect(back.body.data).toMatchObject({ tidied: true, tags: ["运动", "户外"] });
      // cutting a word along with the tag is an edit of the words
      const words = await request(ctx, "updateIdea", {
        params: { id: idea.id },
        token: u.token,
        body: { content: "整理后的正文。#运动 推荐 户外", tags: ["运动"] },
      });
      expect(words.body.data).toMatchObject({ tidied: false });
    });

    it("stays through a rename of one of its tags", async () => {
      const u = await registerUser(ctx);
      const idea = await tidied(u, "想去看海 #旅行");
      const renamed = await request(ctx, "renameTag", {
        token: u.token,
        body: { from: "户外", to: "户外活动", dryRun: false },
      });
      expect(renamed.status).toBe(200);
      const after = await get(u, idea.id);
      expect(after.tags).toContain("户外活动");
      expect(after.tidied).toBe(true);
    });
  });

  describe("置顶 and 不让AI读取", () => {
    it("are not edits: updatedAt stays, so an editor opened before still saves", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "一个普通的想法");
      const before = await get(u, id);
      for (const body of [{ pinned: true }, { aiExcluded: true }, { pinned: false }]) {
        const res = await request(ctx, "updateIdea", { params: { id }, token: u.token, body });
        expect(res.status).toBe(200);
        expect(res.body.data.updatedAt).toBe(before.updatedAt);
      }
      const saved = await request(ctx, "updateIdea", {
        params: { id },
        token: u.token,
        body: { content: "编辑器里写的", baseUpdatedAt: before.updatedAt },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ content: "编辑器里写的", aiExcluded: true });
    });

    it("a note's 置顶 is not an edit either", async () => {
      const u = await registerUser(ctx);
      const made = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "笔记", content: "正文" },
      });
      const res = await request(ctx, "updateNote", {
        params: { id: made.body.data.id },
        token: u.token,
        body: { pinned: true },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ pinned: true, updatedAt: made.body.data.updatedAt });
    });
  });
});

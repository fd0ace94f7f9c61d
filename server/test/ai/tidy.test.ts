// Over 300 lines on purpose: 自动整理 and on-demand tidying share the fake provider and the point
// bookkeeping set up once for the file.
import { describe, expect, it } from "vitest";
import { sweepStaleTidies } from "../../src/ai/tidy.ts";
import { spend } from "../../src/points/points.ts";
import { beijingDay } from "../../src/shared/beijing-time.ts";
import { type Scripted, tokens } from "../fake-provider.ts";
import {
  call,
  forEachDatabase,
  indexPlan,
  registerUser,
  request,
  type TestCtx,
  type TestUser,
} from "../helpers.ts";
import { addIdea, balanceOf, eventually, withProvider } from "./helpers.ts";

const json = (value: object, delayMs = 0): Scripted => ({
  kind: "stream",
  chunks: tokens(`\`\`\`json\n${JSON.stringify(value)}\n\`\`\``, 7),
  delayMs,
});

/** Appends a 批注 and gives back how the model reads it: `批注（YYYY-MM-DD）：…` (Beijing day). */
async function annotate(ctx: TestCtx, u: TestUser, id: string, content: string) {
  const res = await request(ctx, "createAnnotation", { token: u.token, params: { id }, body: { content } });
  expect(res.status).toBe(201);
  return `批注（${beijingDay(new Date(res.body.data.createdAt))}）：${content}`;
}

forEachDatabase((ctx) => {
  const ai = withProvider(ctx, () =>
    json({ title: "自动标题", content: "自动整理后的正文。", tags: ["自动"] }),
  );

  describe("idea tidying", () => {
    it("keeps the #标签 typed in the original words among the tags a tidy gives", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "#读书/小说 今天读完了 #书单");
      ai.fake.script(json({ title: "读完一本书", content: "今天读完了一本小说。", tags: ["阅读", "书单"] }));
      const tidied = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.body.data.idea.tags).toEqual(["读书/小说", "书单", "阅读"]);
      expect(tidied.body.data.version.tags).toEqual(["读书/小说", "书单", "阅读"]);
    });

    it("asks the model to reuse the person's tags and maps one differing in 繁简, width, case or a trailing mark onto it; a tag only on items kept from the AI is never shown", async () => {
      const u = await registerUser(ctx);
      await addIdea(ctx, u, "#读书 一本书");
      await addIdea(ctx, u, "#读书 另一本");
      await addIdea(ctx, u, "#AI 工具");
      await addIdea(ctx, u, "#reading 英文书");
      await addIdea(ctx, u, "#病历 体检结果", { aiExcluded: true });
      const id = await addIdea(ctx, u, "今天读了两章");
      ai.fake.script(
        json({ title: "读书进度", content: "今天读了两章。", tags: ["讀書", "ＡＩ", "Reading。", "新标签"] }),
      );
      const tidied = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.body.data.version.tags).toEqual(["读书", "AI", "reading", "新标签"]);
      const system = ai.fake.received.at(-1)!.body.messages[0]!.content;
      expect(system).toContain("用户已有的标签（常用的在前）：读书、");
      expect(system).not.toContain("病历");
    });

    it("reads the idea's 批注, dated, as context it must not rewrite, and leaves them as they were", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "周末 去学陶艺");
      const first = await annotate(ctx, u, id, "第一次上课，捏坏了三个杯子");
      const second = await annotate(ctx, u, id, "老师说收口要慢");
      ai.fake.script(json({ title: "学陶艺", content: "周末去学陶艺。", tags: ["陶艺"] }));
      const tidied = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.status).toBe(200);
      const [system, user] = ai.fake.received.at(-1)!.body.messages;
      expect(system!.content).toContain("不要改写批注");
      expect(system!.content).toContain(`${first}\n${second}`);
      // the words to tidy are the idea's own, alone
      expect(user!.content).toBe("周末 去学陶艺");
      expect(tidied.body.data.idea.content).toBe("周末去学陶艺。");
      const thread = await request(ctx, "listAnnotations", { token: u.token, params: { id } });
      expect(thread.body.data.items.map((a: { content: string }) => a.content)).toEqual([
        "第一次上课，捏坏了三个杯子",
        "老师说收口要慢",
      ]);
    });

    it("恢复原文 makes the original words current again, keeps the AI versions to choose again", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "周末 去爬山。#运动 顺便拍照");
      ai.fake.script(json({ title: "登高计划", content: "周末去爬山，顺便拍照。", tags: ["户外"] }));
      const tidied = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(tidied.body.data.idea).toMatchObject({ tidied: true, title: "登高计划" });
      const versionId = tidied.body.data.version.id;

      const restored = await request(ctx, "restoreIdeaOriginal", {
        params: { id },
        token: u.token,
        body: {},
      });
      expect(restored.status).toBe(200);
      expect(restored.body.message).toBe("已恢复原文");
      expect(restored.body.data).toMatchObject({
        title: "",
        content: "周末 去爬山。#运动 顺便拍照",
        originalContent: "周末 去爬山。#运动 顺便拍照",
        tidied: false,
      });
      // the tags typed in the original words (the AI's 户外 goes with its version)
      expect(restored.body.data.tags).not.toContain("户外");
      const versions = (await request(ctx, "listIdeaVersions", { params: { id }, token: u.token })).body.data;
      expect(versions).toMatchObject({ currentVersionId: null, versions: [{ id: versionId }] });
      // searchable by the original words again, not by the AI's title
      const found = async (q: string) =>
        (
          await call(ctx, "GET", `/api/search?q=${encodeURIComponent(q)}`, { token: u.token })
        ).body.data.items.map((i: { id: string }) => i.id);
      expect(await found("计划")).not.toContain(id);
      expect(await found("拍照")).toContain(id);
      // and the AI version can be chosen again
      const again = await request(ctx, "applyIdeaVersion", { params: { id, versionId }, token: u.token });
      expect(again.body.data).toMatchObject({ title: "登高计划", tidied: true });
      // another person's idea: 404, nothing changes
      const other = await registerUser(ctx);
      expect(
        (await request(ctx, "restoreIdeaOriginal", { params: { id }, token: other.token, body: {} })).status,
      ).toBe(404);
      expect((await request(ctx, "getIdea", { params: { id }, token: u.token })).body.data.title).toBe(
        "登高计划",
      );
    });

    it("a rename sticks through 恢复原文, a new 整理 and 采用此版本: the renames since the words were written, in order", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "今天读完了。#读书/小说");
      ai.fake.script(
        json({ title: "读完", content: "读完一本小说。#读书/小说", tags: ["读书/小说", "书单"] }),
      );
      const first = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      const rename = (from: string, to: string) =>
        request(ctx, "renameTag", { token: u.token, body: { from, to } });
      expect((await rename("读书", "阅读")).status).toBe(200);
      expect((await rename("阅读/小说", "阅读/长篇")).status).toBe(200);
      // written after both renames: its #读书 is the person's word now, never rewritten
      const later = await addIdea(ctx, u, "又想起 #读书");

      const restored = await request(ctx, "restoreIdeaOriginal", {
        params: { id },
        token: u.token,
        body: {},
      });
      expect(restored.body.data).toMatchObject({
        content: "今天读完了。#阅读/长篇",
        originalContent: "今天读完了。#读书/小说",
      });
      expect(restored.body.data.tags).toEqual(["阅读/长篇"]);
      const chosen = await request(ctx, "applyIdeaVersion", {
        params: { id, versionId: first.body.data.version.id },
        token: u.token,
      });
      expect(chosen.body.data).toMatchObject({
        content: "读完一本小说。#阅读/长篇",
        tags: ["阅读/长篇", "书单"],
      });
      ai.fake.script(json({ title: "再读", content: "再读一遍。#读书/小说", tags: ["读书/小说", "读书"] }));
      const again = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(again.body.data.idea).toMatchObject({
        content: "再读一遍。#阅读/长篇",
        tags: ["阅读/长篇", "阅读"],
      });
      expect(again.body.data.version).toMatchObject({
        content: "再读一遍。#阅读/长篇",
        tags: ["阅读/长篇", "阅读"],
      });
      // the next edit takes the typed tags again: still the new name
      const edited = await request(ctx, "updateIdea", {
        params: { id },
        token: u.token,
        body: { content: `${again.body.data.idea.content} 好看` },
      });
      expect(edited.body.data.tags).not.toContain("读书/小说");
      const laterBack = await request(ctx, "restoreIdeaOriginal", {
        params: { id: later },
        token: u.token,
        body: {},
      });
      expect(laterBack.body.data).toMatchObject({ content: "又想起 #读书", tags: ["读书"] });
    });

    it("tidies an idea into a version, keeps the original, and can go back to an earlier version", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "明天 要去买  陶土，还有釉料吧");
      ai.fake.script(
        json({ title: "采购陶艺材料", content: "明天要去买陶土和釉料。", tags: ["陶艺", "#购物", "陶艺"] }),
      );
      const first = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        applied: true,
        balance: 99,
        idea: {
          title: "采购陶艺材料",
          content: "明天要去买陶土和釉料。",
          tags: ["陶艺", "购物"],
          originalContent: "明天 要去买  陶土，还有釉料吧",
          aiStatus: "done",
        },
        version: { model: "fake-model", points: 1, title: "采购陶艺材料" },
      });
      const prompt = ai.fake.received.at(-1)!.body.messages;
      expect(prompt.at(-1)).toEqual({ role: "user", content: "明天 要去买  陶土，还有釉料吧" });

      ai.fake.script(json({ title: "第二版", content: "第二版正文", tags: [] }));
      const second = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(second.body.data.idea.title).toBe("第二版");
      const versions = await request(ctx, "listIdeaVersions", { params: { id }, token: u.token });
      expect(versions.body.data.versions.map((v: { title: string }) => v.title)).toEqual([
        "第二版",
        "采购陶艺材料",
      ]);
      expect(versions.body.data.currentVersionId).toBe(second.body.data.version.id);

      const back = await request(ctx, "applyIdeaVersion", {
        params: { id, versionId: first.body.data.version.id },
        token: u.token,
      });
      expect(back.body.data).toMatchObject({ title: "采购陶艺材料", content: "明天要去买陶土和釉料。" });
      // the search index follows the version shown
      const found = await call(ctx, "GET", `/api/search?q=${encodeURIComponent("采购")}`, { token: u.token });
      expect(found.body.data.items.map((i: { id: string }) => i.id)).toContain(id);

      // the user's own edit: no version is current any more; pinning alone changes nothing
      await request(ctx, "updateIdea", { params: { id }, token: u.token, body: { pinned: true } });
      expect(
        (await request(ctx, "listIdeaVersions", { params: { id }, token: u.token })).body.data
          .currentVersionId,
      ).toBe(first.body.data.version.id);
      await request(ctx, "updateIdea", { params: { id }, token: u.token, body: { content: "我自己改的" } });
      expect(
        (await request(ctx, "listIdeaVersions", { params: { id }, token: u.token })).body.data
          .currentVersionId,
      ).toBe(null);
      expect(await balanceOf(ctx, u)).toBe(98);
    });

    it("refuses what cannot be tidied: 本地模式, foreign ids, unknown versions, no points", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const id = await addIdea(ctx, u, "一个想法");
      const offline = await request(ctx, "tidyIdea", { params: { id }, token: u.token });
      // the same state answers the same everywhere: 409 with its own code, as transcription does
      expect(offline.status).toBe(409);
      expect(offline.body.code).toBe("AI_NOT_CONFIGURED");
      expect(offline.body.message).toContain("本地模式下无法 AI 整理");
      expect((await request(ai.ctx, "tidyIdea", { params: { id }, token: other.token })).status).toBe(404);
      expect((await request(ai.ctx, "listIdeaVersions", { params: { id }, token: other.token })).status).toBe(
        404,
      );
      const unknown = await call(
        ctx,
        "POST",
        `/api/ideas/${id}/versions/00000000-0000-4000-8000-000000000009/apply`,
        {
          token: u.token,
        },
      );
      expect(unknown.status).toBe(404);
      await spend(ctx.db, u.id, 100, "chat_reply");
      const poor = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(poor.status).toBe(402);
      expect((await request(ctx, "getIdea", { params: { id }, token: u.token })).body.data.aiStatus).toBe(
        "none",
      );
    });

    it("GET /api/ideas?aiStatus=pending lists the caller's live claims only: one poll for every watcher", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const [live, stale, plain] = [
        await addIdea(ctx, u, "整理中"),
        await addIdea(ctx, u, "进程已死"),
        await addIdea(ctx, u, "未整理"),
      ];
      const theirs = await addIdea(ctx, other, "别人的");
      await ctx.db.query(
        "UPDATE ideas SET ai_status = 'pending', ai_started_at = now() WHERE id = ANY($1::uuid[])",
        [[live, theirs]],
      );
      await ctx.db.query(
        "UPDATE ideas SET ai_status = 'pending', ai_started_at = now() - interval '10 minutes' WHERE id = $1",
        [stale],
      );
      const ids = async (query: string) =>
        (await call(ctx, "GET", `/api/ideas?${query}`, { token: u.token })).body.data.items.map(
          (i: { id: string }) => i.id,
        );
      expect(await ids("aiStatus=pending")).toEqual([live]);
      expect(await ids("aiStatus=failed")).toEqual([stale]);
      expect(await ids("aiStatus=none")).toEqual([plain]);
      expect((await ids("")).length).toBe(3);
      const bad = await call(ctx, "GET", "/api/ideas?aiStatus=busy", { token: u.token });
      expect(bad.status).toBe(400);
    });

    it("runs one tidy of an idea at a time, and takes over a claim left by a dead process", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "一个想法");
      ai.fake.script(json({ title: "一", content: "一", tags: [] }, 50));
      const both = await Promise.all(
        [1, 2].map(() => request(ai.ctx, "tidyIdea", { params: { id }, token: u.token })),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(both.find((r) => r.status === 409)!.body.message).toBe("这条想法正在整理中，请稍候");
      expect(await balanceOf(ctx, u)).toBe(99);

      // a process died mid-tidy: its claim is 10 minutes old, its spend never settled
      const lost = await spend(ctx.db, u.id, 1, "tidy_idea");
      await ctx.db.query(
        "UPDATE ideas SET ai_status = 'pending', ai_started_at = now() - interval '10 minutes', ai_spend_id = $2 WHERE id = $1",
        [id, lost.ledgerId],
      );
      expect((await request(ctx, "getIdea", { params: { id }, token: u.token })).body.data.aiStatus).toBe(
        "failed",
      );
      expect(await balanceOf(ctx, u)).toBe(98);
      expect((await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token })).status).toBe(200);
      // the lost spend came back, the new tidy cost 1
      expect(await balanceOf(ctx, u)).toBe(98);
      const ledger = (await request(ctx, "listLedger", { token: u.token })).body.data.items;
      expect(ledger.map((l: { note: string | null }) => l.note)).toContain(
        `退还 #${lost.ledgerId}（整理中断）`,
      );
    });

    it("settles tidies left by a dead process without the user asking: failed, and refunded once", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "整理到一半的想法");
      const fresh = await addIdea(ctx, u, "正在整理的想法");
      const lost = await spend(ctx.db, u.id, 1, "tidy_idea");
      const running = await spend(ctx.db, u.id, 1, "tidy_idea");
      const pending =
        "UPDATE ideas SET ai_status = 'pending', ai_started_at = now() - $3::interval, ai_spend_id = $2 WHERE id = $1";
      await ctx.db.query(pending, [id, lost.ledgerId, "10 minutes"]);
      await ctx.db.query(pending, [fresh, running.ledgerId, "1 minute"]);
      expect(await balanceOf(ctx, u)).toBe(98);

      await sweepStaleTidies(ctx.db);
      await sweepStaleTidies(ctx.db); // another process sweeping too
      const status = async (ideaId: string) =>
        (await request(ctx, "getIdea", { params: { id: ideaId }, token: u.token })).body.data.aiStatus;
      expect(await status(id)).toBe("failed");
      expect(await status(fresh)).toBe("pending"); // still within its time: left alone
      expect(await balanceOf(ctx, u)).toBe(99);
      const ledger = (await request(ctx, "listLedger", { token: u.token })).body.data.items;
      expect(
        ledger.filter((l: { note: string | null }) => l.note === `退还 #${lost.ledgerId}（整理中断）`),
      ).toHaveLength(1);

      // every process sweeps once a minute: through the partial index, not by reading every idea
      expect(
        await indexPlan(
          ctx,
          "SELECT id FROM ideas WHERE ai_status = 'pending' AND (ai_started_at IS NULL OR ai_started_at < now() - interval '5 minutes')",
        ),
      ).toContain("ideas_pending_tidy");
    });

    it("refunds when the idea is deleted while the model works", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "马上删掉");
      ai.fake.script(json({ title: "晚了", content: "晚了", tags: [] }, 60));
      const pending = request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      await eventually(
        async () => ai.fake.received.at(-1)?.body.messages.at(-1)?.content,
        (c) => c === "马上删掉",
      );
      await request(ctx, "deleteIdea", { params: { id }, token: u.token });
      expect((await pending).status).toBe(404);
      expect(await balanceOf(ctx, u)).toBe(100);
    });

    it("refunds and marks the idea failed when the model's answer is unusable", async () => {
      const u = await registerUser(ctx);
      const id = await addIdea(ctx, u, "原话");
      ai.fake.script({ kind: "stream", chunks: ["这不是", "JSON"] });
      const res = await request(ai.ctx, "tidyIdea", { params: { id }, token: u.token });
      expect(res.status).toBe(503);
      expect(res.body.message).toContain("点数已退还");
      const idea = (await request(ctx, "getIdea", { params: { id }, token: u.token })).body.data;
      expect(idea).toMatchObject({ aiStatus: "failed", content: "原话", title: "" });
      expect(await balanceOf(ctx, u)).toBe(100);
      const ledger = (await request(ctx, "listLedger", { token: u.token })).body.data.items;
      expect(ledger[0]).toMatchObject({ reason: "refund", delta: 1 });
      expect(ledger[0]!.note).toContain("AI 返回的结果无法识别");
    });

    it("tidies right after capture when 自动整理 is on, never before the person chose it, when off or excluded", async () => {
      const u = await registerUser(ctx);
      // a new account has not chosen: captures stay as typed, nothing is sent
      const before = ai.fake.received.length;
      const unchosen = await request(ai.ctx, "createIdea", { token: u.token, body: { content: "还没选" } });
      expect(unchosen.body.data).toMatchObject({ aiStatus: "none", tidied: false });
      expect(ai.fake.received.length).toBe(before);
      await request(ctx, "updateProfile", { token: u.token, body: { settings: { autoTidy: true } } });
      const created = await request(ai.ctx, "createIdea", {
        token: u.token,
        body: { content: "随手一记" },
      });
      expect(created.body.data.aiStatus).toBe("pending");
      const tidied = await eventually(
        async () =>
          (await request(ctx, "getIdea", { params: { id: created.body.data.id }, token: u.token })).body.data,
        (idea) => idea.aiStatus !== "pending",
      );
      expect(tidied).toMatchObject({
        aiStatus: "done",
        title: "自动标题",
        originalContent: "随手一记",
        tidied: true,
      });
      expect(await balanceOf(ctx, u)).toBe(99);

      const sent = ai.fake.received.length;
      const excluded = await request(ai.ctx, "createIdea", {
        token: u.token,
        body: { content: "私密", aiExcluded: true },
      });
      expect(excluded.body.data.aiStatus).toBe("none");
      await request(ctx, "updateProfile", { token: u.token, body: { settings: { autoTidy: false } } });
      const off = await request(ai.ctx, "createIdea", { token: u.token, body: { content: "不整理" } });
      expect(off.body.data.aiStatus).toBe("none");
      expect(ai.fake.received.length).toBe(sent);
    });

    it("keeps a capture as typed when there are no points for 自动整理", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "updateProfile", { token: u.token, body: { settings: { autoTidy: true } } });
      await spend(ctx.db, u.id, 100, "chat_reply");
      const created = await request(ai.ctx, "createIdea", {
        token: u.token,
        body: { content: "没点数了" },
      });
      expect(created.status).toBe(201);
      const idea = await eventually(
        async () =>
          (await request(ctx, "getIdea", { params: { id: created.body.data.id }, token: u.token })).body.data,
        (i) => i.aiStatus !== "pending",
      );
      expect(idea).toMatchObject({ aiStatus: "none", content: "没点数了" });
    });
  });

  describe("整理成笔记", () => {
    it("composes a note from chosen ideas with the provider, linked to its sources", async () => {
      const u = await registerUser(ctx);
      const a = await addIdea(ctx, u, "陶艺要先学拉坯", { tags: ["陶艺"] });
      const b = await addIdea(ctx, u, "釉料配方记一下", { tags: ["陶艺", "釉料"] });
      ai.fake.script(
        json({ title: "陶艺学习笔记", content: "## 拉坯\n\n先学拉坯。\n\n## 釉料\n\n记下配方。" }),
      );
      const res = await request(ai.ctx, "composeNote", {
        token: u.token,
        body: { ideaIds: [a, b] },
      });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        mode: "provider",
        points: 5,
        balance: 95,
        note: { title: "陶艺学习笔记", sourceIdeaIds: [a, b], tags: ["陶艺", "釉料"] },
      });
      const sent = JSON.stringify(ai.fake.received.at(-1)!.body.messages);
      expect(sent).toContain("陶艺要先学拉坯");
      expect(sent).toContain("釉料配方记一下");
    });

    it("gives the model each chosen idea's 批注 with their dates, however long the idea", async () => {
      const u = await registerUser(ctx);
      const a = await addIdea(ctx, u, `陶艺要先学拉坯。${"揉泥、定中心、开孔、拉高。".repeat(600)}`);
      const b = await addIdea(ctx, u, "釉料配方记一下");
      const later = await annotate(ctx, u, a, "三个月后：拉坯终于稳了");
      const onB = await annotate(ctx, u, b, "配方换成了景德镇的");
      ai.fake.script(json({ title: "陶艺学习笔记", content: "## 拉坯\n\n先学拉坯。" }));
      const res = await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: [a, b] } });
      expect(res.status).toBe(201);
      const [system, user] = ai.fake.received.at(-1)!.body.messages;
      expect(system!.content).toContain("「批注（日期）」是用户后来对这条想法的补充");
      expect(user!.content).toContain(later);
      expect(user!.content).toContain(onB);
    });

    it("keeps every chosen idea's 批注 when ten long ideas share the context", async () => {
      const u = await registerUser(ctx);
      const ids: string[] = [];
      const notes: string[] = [];
      for (let n = 1; n <= 10; n++) {
        const id = await addIdea(ctx, u, `第${n}件陶艺作品。${"揉泥、定中心、开孔、拉高。".repeat(300)}`);
        ids.push(id);
        notes.push(await annotate(ctx, u, id, `第${n}件烧好了`));
      }
      ai.fake.script(json({ title: "陶艺作品", content: "十件作品。" }));
      const res = await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: ids } });
      expect(res.status).toBe(201);
      const [, user] = ai.fake.received.at(-1)!.body.messages;
      for (const note of notes) expect(user!.content).toContain(note);
    });

    it("gathers the ideas into a note for free in 本地模式", async () => {
      const u = await registerUser(ctx);
      const a = await addIdea(ctx, u, "第一条");
      const b = await addIdea(ctx, u, "第二条");
      const res = await request(ctx, "composeNote", {
        token: u.token,
        body: { ideaIds: [b, a] },
      });
      expect(res.body.data).toMatchObject({ mode: "offline", points: 0, balance: 100 });
      expect(res.body.data.note.title).toBe("想法汇编（2 条）");
      expect(res.body.data.note.sourceIdeaIds).toEqual([b, a]);
      expect(res.body.data.note.content.indexOf("第二条")).toBeLessThan(
        res.body.data.note.content.indexOf("第一条"),
      );
    });

    it("in 本地模式 writes each day's heading once, over that day's ideas in the order chosen", async () => {
      const u = await registerUser(ctx);
      const a = await addIdea(ctx, u, "早上跑了五公里");
      const b = await addIdea(ctx, u, "晚上读完了《活着》");
      const c = await addIdea(ctx, u, "周末去爬山");
      // a and c on one Beijing day (late evening and the small hours in UTC), b the day before
      const at = { [a]: "2026-03-02T15:30:00Z", [b]: "2026-03-01T12:00:00Z", [c]: "2026-03-01T16:10:00Z" };
      for (const [id, created] of Object.entries(at))
        await ctx.db.query("UPDATE ideas SET created_at = $2 WHERE id = $1", [id, created]);
      await ctx.db.query("UPDATE ideas SET title = '读书' WHERE id = $1", [b]);
      const res = await request(ctx, "composeNote", { token: u.token, body: { ideaIds: [a, b, c] } });
      expect(res.status).toBe(201);
      expect(res.body.data.note.content).toBe(
        [
          "## 2026年3月2日",
          "",
          "早上跑了五公里",
          "",
          "周末去爬山",
          "",
          "## 2026年3月1日",
          "",
          "### 读书",
          "",
          "晚上读完了《活着》",
        ].join("\n"),
      );
    });

    it("refuses empty, repeated or foreign choices and refunds a failed compose", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const a = await addIdea(ctx, u, "一条");
      for (const ideaIds of [[], [a, a]]) {
        const res = await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds } });
        expect(res.status).toBe(400);
      }
      const foreign = await request(ai.ctx, "composeNote", {
        token: other.token,
        body: { ideaIds: [a] },
      });
      expect(foreign.status).toBe(404);
      ai.fake.script(
        { kind: "status", status: 502 },
        { kind: "status", status: 502 },
        { kind: "status", status: 502 },
      );
      const failed = await request(ai.ctx, "composeNote", {
        token: u.token,
        body: { ideaIds: [a] },
      });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toContain("点数已退还");
      expect(await balanceOf(ctx, u)).toBe(100);
      expect((await request(ctx, "listNotes", { token: u.token })).body.data.items).toEqual([]);
    });
  });
});

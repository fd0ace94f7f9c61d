import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { startServer } from "../../src/server.ts";
import { type FakeProvider, type Scripted, tokens } from "../fake-provider.ts";
import { forEachDatabase, registerUser, request } from "../helpers.ts";
import {
  addIdea,
  askAll,
  chooseAutoTidy,
  eventually,
  newConversation,
  serverConfig,
  withProvider,
} from "./helpers.ts";

const json = (value: object): Scripted => ({
  kind: "stream",
  chunks: tokens(JSON.stringify(value), 7),
});
const tidied = json({ title: "整理后", content: "整理后的正文。", tags: [] });
const GRACE_MS = 700;

const sentTexts = (fake: FakeProvider, from = 0) =>
  fake.received.slice(from).map((r) => JSON.stringify(r.body.messages));

forEachDatabase((ctx) => {
  const ai = withProvider(ctx, () => tidied, { AI_TIDY_GRACE: `${GRACE_MS}ms` });
  const aiStatusOf = async (token: string, id: string) =>
    (await request(ctx, "getIdea", { params: { id }, token })).body.data.aiStatus;

  describe("自动整理's grace period", () => {
    it("sends nothing within it; an idea marked 不让AI读取 or deleted in it is never sent", async () => {
      const u = await registerUser(ctx);
      await chooseAutoTidy(ctx, u);
      const from = ai.fake.received.length;
      const capture = async (content: string) =>
        (await request(ai.ctx, "createIdea", { token: u.token, body: { content } })).body.data;
      const [kept, marked, deleted] = [
        await capture("留着整理的想法"),
        await capture("后悔了：私密的想法"),
        await capture("写错了：马上删掉"),
      ];
      expect(kept.aiStatus).toBe("pending");
      await request(ctx, "updateIdea", {
        params: { id: marked.id },
        token: u.token,
        body: { aiExcluded: true },
      });
      await request(ctx, "deleteIdea", { params: { id: deleted.id }, token: u.token });
      expect(ai.fake.received.length).toBe(from); // within the grace period: nothing went out
      expect(await aiStatusOf(u.token, marked.id)).toBe("none"); // its tidy is called off

      expect(
        await eventually(
          () => aiStatusOf(u.token, kept.id),
          (s) => s === "done",
        ),
      ).toBe("done");
      await new Promise((r) => setTimeout(r, 300)); // were the others going to go, they would have by now
      const sent = sentTexts(ai.fake, from);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain("留着整理的想法");
      expect(await aiStatusOf(u.token, marked.id)).toBe("none");
    });

    it("holds across a restart, and of several processes exactly one tidies the idea", async () => {
      const u = await registerUser(ctx);
      await chooseAutoTidy(ctx, u);
      const start = () =>
        startServer(
          serverConfig(ctx, ai.fake.url, { AI_TIDY_GRACE: `${GRACE_MS}ms` }),
          createLogger("silent"),
        );
      const first = await start();
      const from = ai.fake.received.length;
      const res = await fetch(`http://127.0.0.1:${first.port}/api/ideas`, {
        method: "POST",
        headers: { authorization: `Bearer ${u.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content: "重启前记下的想法" }),
      });
      const { data: idea } = await res.json();
      await first.close(); // stopped within the grace period: its timer is gone with it
      const [second, third] = await Promise.all([start(), start()]);
      try {
        expect(ai.fake.received.length).toBe(from);
        expect(
          await eventually(
            () => aiStatusOf(u.token, idea.id),
            (s) => s === "done",
          ),
        ).toBe("done");
        await new Promise((r) => setTimeout(r, 300));
        expect(sentTexts(ai.fake, from)).toHaveLength(1);
        expect(sentTexts(ai.fake, from)[0]).toContain("重启前记下的想法");
        const { rows } = await ctx.db.query(
          "SELECT count(*)::int AS n FROM idea_versions WHERE idea_id = $1",
          [idea.id],
        );
        expect(rows[0].n).toBe(1);
      } finally {
        await Promise.all([second.close(), third.close()]);
      }
    });
  });

  it("an idea whose words are edited within the grace period keeps them: its tidy is called off", async () => {
    const u = await registerUser(ctx);
    const from = ai.fake.received.length;
    const made = (await request(ai.ctx, "createIdea", { token: u.token, body: { content: "买牛奶" } })).body
      .data;
    await request(ctx, "updateIdea", {
      params: { id: made.id },
      token: u.token,
      body: { content: "买牛奶和面包，周六前", tags: ["购物"] },
    });
    expect(await aiStatusOf(u.token, made.id)).toBe("none");
    await new Promise((r) => setTimeout(r, GRACE_MS + 500)); // past the grace period, had it still waited
    const idea = (await request(ctx, "getIdea", { params: { id: made.id }, token: u.token })).body.data;
    expect(idea).toMatchObject({ content: "买牛奶和面包，周六前", tags: ["购物"], aiStatus: "none" });
    expect(ai.fake.received.length).toBe(from);
  });

  describe("a note written from ideas later marked 不让AI读取", () => {
    it("is not sent: not in chat sources (matched or recent), not as a side chat's subject, not in history", async () => {
      const u = await registerUser(ctx);
      const idea = await addIdea(ctx, u, "陶艺课：拉坯要先定中心");
      ai.fake.script(json({ title: "陶艺笔记", content: "陶艺笔记正文：拉坯先定中心。" }));
      const composed = await request(ai.ctx, "composeNote", { token: u.token, body: { ideaIds: [idea] } });
      expect(composed.status).toBe(201);
      const note = composed.body.data.note.id;
      const chat = await newConversation(ctx, u);
      ai.fake.script({ kind: "stream", chunks: ["你的陶艺笔记说：拉坯先定中心。"] });
      await askAll(ai.ctx, u, chat, "陶艺");
      expect(sentTexts(ai.fake).at(-1)).toContain("陶艺笔记正文"); // readable before the mark

      await request(ctx, "updateIdea", { params: { id: idea }, token: u.token, body: { aiExcluded: true } });
      const from = ai.fake.received.length;
      ai.fake.script({ kind: "stream", chunks: ["好"] }, { kind: "stream", chunks: ["好"] });
      await askAll(ai.ctx, u, chat, "陶艺"); // matched by its words; the earlier reply quoted it
      await askAll(ai.ctx, u, await newConversation(ctx, u), "你好"); // no match: the newest items
      const side = await newConversation(ctx, u, { subject: { type: "note", id: note } });
      const refused = await request(ai.ctx, "sendMessage", {
        params: { id: side },
        token: u.token,
        body: { content: "这篇笔记说了什么" },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("不让AI读取");

      const sent = sentTexts(ai.fake, from);
      expect(sent).toHaveLength(2);
      for (const text of sent) {
        expect(text).not.toContain("陶艺笔记正文");
        expect(text).not.toContain("拉坯先定中心");
      }

      // Deleting the marked idea (into 回收站) does not lift its mark.
      await request(ctx, "deleteIdea", { params: { id: idea }, token: u.token });
      const afterTrash = ai.fake.received.length;
      ai.fake.script({ kind: "stream", chunks: ["好"] });
      await askAll(ai.ctx, u, chat, "陶艺");
      const sentAfter = sentTexts(ai.fake, afterTrash);
      expect(sentAfter).toHaveLength(1);
      expect(sentAfter[0]).not.toContain("陶艺笔记正文");
      expect(sentAfter[0]).not.toContain("拉坯先定中心");
    });
  });

  it("leaves assistant replies without recorded sources out of the history", async () => {
    const u = await registerUser(ctx); // no ideas or notes: the first reply has no sources
    const chat = await newConversation(ctx, u);
    ai.fake.script({ kind: "stream", chunks: ["没有来源的回答"] }, { kind: "stream", chunks: ["好"] });
    await askAll(ai.ctx, u, chat, "你好");
    await askAll(ai.ctx, u, chat, "再说一遍");
    const messages = ai.fake.received.at(-1)!.body.messages;
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "user"]);
    expect(JSON.stringify(messages)).not.toContain("没有来源的回答");
  });
});

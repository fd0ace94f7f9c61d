// Over 300 lines on purpose: the chat's request-level cases (streaming, sources, stops, refunds,
// retries, side chats) share the fake provider set up once for the file.
import { describe, expect, it } from "vitest";
import { spend } from "../../src/points/points.ts";
import { tokens } from "../fake-provider.ts";
import { call, onOneDatabase, registerUser, request } from "../helpers.ts";
import {
  addIdea,
  ask,
  askAll,
  balanceOf,
  eventually,
  newConversation,
  readEvents,
  withProvider,
} from "./helpers.ts";

const SECRET = "绝密配方银杏";

onOneDatabase((ctx) => {
  const ai = withProvider(ctx);

  describe("AI status and conversations", () => {
    it("says which assistant is active and what it costs", async () => {
      const u = await registerUser(ctx);
      const offline = await request(ctx, "aiStatus", { token: u.token });
      expect(offline.body.data).toEqual({
        mode: "offline",
        costs: { chatReply: 0, tidyIdea: 0, composeNote: 0, transcribe: 0 },
        tidyAvailable: false,
        transcribeAvailable: false,
        embeddings: { enabled: false, pending: 0 },
      });
      const provider = await request(ai.ctx, "aiStatus", { token: u.token });
      expect(provider.body.data).toEqual({
        mode: "provider",
        model: "fake-model",
        costs: { chatReply: 2, tidyIdea: 1, composeNote: 5, transcribe: 1 },
        tidyAvailable: true,
        transcribeAvailable: true,
        embeddings: { enabled: false, pending: 0 },
      });
      expect((await request(ai.ctx, "getPoints", { token: u.token })).body.data.costs).toEqual(
        provider.body.data.costs,
      );
    });

    it("creates, lists, renames and deletes conversations; foreign ones answer 404", async () => {
      const u = await registerUser(ctx);
      const other = await registerUser(ctx);
      const a = await newConversation(ctx, u);
      const b = await newConversation(ctx, u, { title: "  读书计划 " });
      const idea = await addIdea(ctx, u, "一个想法");
      const side = await newConversation(ctx, u, { subject: { type: "idea", id: idea } });
      const list = await request(ctx, "listConversations", { token: u.token });
      expect(list.body.data.items.map((c: { id: string }) => c.id)).toEqual([b, a]);
      expect(list.body.data.items[0]).toMatchObject({ title: "读书计划", subject: null });
      const sides = await call(ctx, "GET", `/api/chat/conversations?subjectId=${idea}`, { token: u.token });
      expect(sides.body.data.items).toMatchObject([{ id: side, subject: { type: "idea", id: idea } }]);

      const renamed = await request(ctx, "renameConversation", {
        params: { id: a },
        token: u.token,
        body: { title: "新名字" },
      });
      expect(renamed.body.data.title).toBe("新名字");
      const blank = await request(ctx, "renameConversation", {
        params: { id: a },
        token: u.token,
        body: { title: "  " },
      });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toContain("对话名称不能为空");
      expect((await request(ctx, "listConversations", { token: u.token })).body.data.items[1]!.title).toBe(
        "新名字",
      );

      for (const [method, path, body] of [
        ["PATCH", `/api/chat/conversations/${a}`, { title: "x" }],
        ["DELETE", `/api/chat/conversations/${a}`, undefined],
        ["GET", `/api/chat/conversations/${a}/messages`, undefined],
        ["POST", `/api/chat/conversations/${a}/messages`, { content: "x" }],
      ] as const) {
        const res = await call(ctx, method, path, { token: other.token, body });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      const foreignSubject = await request(ctx, "createConversation", {
        token: other.token,
        body: { subject: { type: "idea", id: idea } },
      });
      expect(foreignSubject.status).toBe(404);

      expect((await request(ctx, "deleteConversation", { params: { id: a }, token: u.token })).status).toBe(
        200,
      );
      expect((await request(ctx, "listMessages", { params: { id: a }, token: u.token })).status).toBe(404);
    });

    it("refuses a blank or oversized question with 400 and saves nothing", async () => {
      const u = await registerUser(ctx);
      const id = await newConversation(ctx, u);
      for (const content of ["   ", "问".repeat(2001)]) {
        const res = await request(ai.ctx, "sendMessage", {
          params: { id },
          token: u.token,
          body: { content },
        });
        expect(res.status).toBe(400);
      }
      expect(
        (await request(ctx, "listMessages", { params: { id }, token: u.token })).body.data.items,
      ).toEqual([]);
      expect(await balanceOf(ai.ctx, u)).toBe(100);
    });
  });

  describe("offline assistant (本地模式)", () => {
    it("answers from retrieval alone, cites what it found, never an excluded idea, and costs nothing", async () => {
      const u = await registerUser(ctx);
      const pottery = await addIdea(ctx, u, "周末想去上陶艺课，做一个自己的茶杯");
      await addIdea(ctx, u, `陶艺老师说的${SECRET}`, { aiExcluded: true });
      await addIdea(ctx, u, "买菜：西红柿、鸡蛋");
      await addIdea(ctx, u, "关于换工作的想法"); // 想法 alone says nothing of the topic
      const note = await request(ctx, "createNote", {
        token: u.token,
        body: { title: "陶艺入门", content: "拉坯要先定中心。" },
      });
      const id = await newConversation(ctx, u);
      const events = await askAll(ctx, u, id, "我关于陶艺有哪些想法？");
      expect(events[0]).toMatchObject({ event: "start", data: { mode: "offline", cost: 0 } });
      expect(events[0]!.data.userMessage).toMatchObject({ role: "user", content: "我关于陶艺有哪些想法？" });
      const done = events.at(-1)!;
      expect(done.event).toBe("done");
      const text = events
        .filter((e) => e.event === "token")
        .map((e) => e.data.text)
        .join("");
      expect(done.data.message.content).toBe(text);
      expect(text).toContain("本地模式");
      expect(text).toContain("陶艺入门");
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("西红柿");
      expect(text).not.toContain("换工作");
      const cited = done.data.message.citations.map((c: { id: string }) => c.id).sort();
      expect(cited).toEqual([pottery, note.body.data.id].sort());
      // the list's [1], [2] are the citations' numbers
      expect(done.data.message.citations.map((c: { ref: number }) => c.ref)).toEqual([1, 2]);
      expect(text).toMatch(/\[1\][\s\S]*\[2\]/);
      expect(done.data.message).toMatchObject({ points: 0, mode: "offline", status: "done" });
      expect(done.data.balance).toBe(100);

      const saved = await request(ctx, "listMessages", { params: { id }, token: u.token });
      expect(saved.body.data.items.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
      expect(saved.body.data.items[1]!.content).toBe(text);
      const conv = await request(ctx, "listConversations", { token: u.token });
      expect(conv.body.data.items[0]!.title).toBe("我关于陶艺有哪些想法？");
    });

    it("says so when nothing matches", async () => {
      const u = await registerUser(ctx);
      const events = await askAll(ctx, u, await newConversation(ctx, u), "量子力学");
      expect(events.at(-1)!.data.message.content).toContain("没有找到与「量子力学」相关的想法或笔记");
      expect(events.at(-1)!.data.message.citations).toEqual([]);
    });
  });

  describe("provider chat", () => {
    it("streams the provider's tokens in order, then done with citations and the points spent", async () => {
      const u = await registerUser(ctx);
      await request(ctx, "updateProfile", {
        token: u.token,
        body: { identityDescription: "我是一名陶艺爱好者" },
      });
      const idByTitle: Record<string, string> = {
        周末想去上陶艺课: await addIdea(ctx, u, "周末想去上陶艺课"),
        陶艺工作室的地址在城西: await addIdea(ctx, u, "陶艺工作室的地址在城西"),
      };
      const id = await newConversation(ctx, u);
      ai.fake.script({ kind: "stream", chunks: ["你计划", "周末上陶艺课", "[2]。", "还记下了地址。"] });
      const sent = ai.fake.received.length;
      const events = await askAll(ai.ctx, u, id, "我的陶艺计划是什么");
      expect(events.map((e) => e.event)).toEqual(["start", "token", "token", "token", "token", "done"]);
      expect(events.slice(1, 5).map((e) => e.data.text)).toEqual([
        "你计划",
        "周末上陶艺课",
        "[2]。",
        "还记下了地址。",
      ]);
      expect(events[0]!.data).toMatchObject({ mode: "provider", cost: 2 });

      const received = ai.fake.received[sent]!;
      expect(received.authorization).toBe("Bearer sk-test-key");
      expect(received.body).toMatchObject({ model: "fake-model", stream: true });
      const system = received.body.messages[0]!.content;
      expect(system).toContain("我是一名陶艺爱好者");
      expect(system).toContain("在句末标注它的编号");
      expect(received.body.messages.at(-1)).toEqual({ role: "user", content: "我的陶艺计划是什么" });
      // the answer cites [2]: the citation is the second source the provider was given
      const order = [...system.matchAll(/^\[(\d)\] 想法《(.+?)》/gm)].map((m) => m[2]);
      const done = events.at(-1)!.data;
      expect(done.message.citations).toHaveLength(1);
      expect(order).toHaveLength(2);
      // it keeps its number: the answer's inline [2] links to it, and its chip says 2
      expect(done.message.citations).toEqual([
        { type: "idea", id: idByTitle[order[1]!], title: order[1], ref: 2 },
      ]);
      expect(done.message).toMatchObject({
        content: "你计划周末上陶艺课[2]。还记下了地址。",
        points: 2,
        status: "done",
      });
      expect(done.balance).toBe(98);

      const ledger = await request(ctx, "listLedger", { token: u.token });
      expect(ledger.body.data.items[0]).toMatchObject({ delta: -2, reason: "chat_reply", balanceAfter: 98 });
      // the conversation's history goes with the next question
      ai.fake.script({ kind: "stream", chunks: ["好的"] });
      await askAll(ai.ctx, u, id, "继续");
      const second = ai.fake.received.at(-1)!.body.messages.map((m) => m.role);
      expect(second).toEqual(["system", "user", "assistant", "user"]);
    });

    it("never sends an idea marked 不让AI读取 to the provider, in chat, side chat, tidy or compose", async () => {
      const u = await registerUser(ctx);
      const secret = await addIdea(ctx, u, `银杏计划：${SECRET}`, { aiExcluded: true });
      await addIdea(ctx, u, "银杏叶黄了，计划去看看");
      const sent = ai.fake.received.length;
      ai.fake.script({ kind: "stream", chunks: ["好"] });
      await askAll(ai.ctx, u, await newConversation(ctx, u), "银杏计划");

      const side = await newConversation(ctx, u, { subject: { type: "idea", id: secret } });
      const refused = await request(ai.ctx, "sendMessage", {
        params: { id: side },
        token: u.token,
        body: { content: "这条说了什么" },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("不让AI读取");
      const tidy = await request(ai.ctx, "tidyIdea", { params: { id: secret }, token: u.token });
      expect(tidy.status).toBe(409);
      const compose = await request(ai.ctx, "composeNote", {
        token: u.token,
        body: { ideaIds: [secret] },
      });
      expect(compose.status).toBe(400);

      const bodies = ai.fake.received.slice(sent).map((r) => JSON.stringify(r.body));
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toContain("银杏叶黄了");
      for (const body of bodies) expect(body).not.toContain(SECRET);
      expect(await balanceOf(ai.ctx, u)).toBe(98);
    });

    it("leaves a reply out of the history once an idea it was grounded in is marked 不让AI读取", async () => {
      const u = await registerUser(ctx);
      const idea = await addIdea(ctx, u, `银杏计划：${SECRET}`);
      const id = await newConversation(ctx, u);
      ai.fake.script({ kind: "stream", chunks: [`你写过：${SECRET}`] });
      await askAll(ai.ctx, u, id, "银杏计划");
      await request(ctx, "updateIdea", { params: { id: idea }, token: u.token, body: { aiExcluded: true } });
      ai.fake.script({ kind: "stream", chunks: ["好"] });
      await askAll(ai.ctx, u, id, "还有呢");
      const sent = JSON.stringify(ai.fake.received.at(-1)!.body.messages);
      expect(sent).not.toContain(SECRET);
      expect(sent).toContain("银杏计划"); // the user's own question stays
    });

    it("deleting an idea for good deletes the side chats about it (in 回收站 they wait with it)", async () => {
      const u = await registerUser(ctx);
      const idea = await addIdea(ctx, u, "一条想法");
      const side = await newConversation(ctx, u, { subject: { type: "idea", id: idea } });
      await askAll(ctx, u, side, "这条怎么样");
      expect((await request(ctx, "deleteIdea", { params: { id: idea }, token: u.token })).status).toBe(200);
      expect((await request(ctx, "listMessages", { params: { id: side }, token: u.token })).status).toBe(200);
      expect((await request(ctx, "deleteFromTrash", { params: { id: idea }, token: u.token })).status).toBe(
        200,
      );
      expect((await request(ctx, "listMessages", { params: { id: side }, token: u.token })).status).toBe(404);
    });

    it("retries a 429 and a 503 before the first token, then answers", async () => {
      const u = await registerUser(ctx);
      const sent = ai.fake.received.length;
      ai.fake.script(
        { kind: "status", status: 429, message: "rate limited", retryAfter: "0" },
        { kind: "status", status: 503, message: "busy" },
        { kind: "stream", chunks: tokens("第三次成功") },
      );
      const events = await askAll(ai.ctx, u, await newConversation(ctx, u), "你好");
      expect(ai.fake.received.length - sent).toBe(3);
      expect(events.at(-1)).toMatchObject({
        event: "done",
        data: { message: { content: "第三次成功" }, balance: 98 },
      });
    });

    it("refunds when the provider fails, with a ledger line that says so, and keeps the conversation", async () => {
      const u = await registerUser(ctx);
      const id = await newConversation(ctx, u);
      ai.fake.script(
        { kind: "status", status: 500, message: "boom" },
        { kind: "status", status: 500, message: "boom" },
        { kind: "status", status: 500, message: "boom" },
      );
      const events = await askAll(ai.ctx, u, id, "你好");
      const error = events.at(-1)!;
      expect(error.event).toBe("error");
      expect(error.data.message).toContain("回答失败，点数已退还");
      expect(error.data.message).toContain("500");
      expect(error.data.balance).toBe(100);
      expect(await balanceOf(ai.ctx, u)).toBe(100);
      const ledger = (await request(ctx, "listLedger", { token: u.token })).body.data.items;
      expect(ledger[0]).toMatchObject({ delta: 2, reason: "refund", balanceAfter: 100 });
      expect(ledger[0]!.note).toBe(`退还 #${ledger[1]!.id}（AI 服务失败）`);
      const saved = (await request(ctx, "listMessages", { params: { id }, token: u.token })).body.data.items;
      expect(saved.map((m: { status: string }) => m.status)).toEqual(["done", "error"]);

      // a 400 from the provider is not retried
      const before = ai.fake.received.length;
      ai.fake.script({ kind: "status", status: 400, message: "bad model" });
      const bad = await askAll(ai.ctx, u, id, "再试一次");
      expect(ai.fake.received.length - before).toBe(1);
      // the provider's own words stay in the log: they may name hosts or keys
      expect(bad.at(-1)!.data.message).toContain("AI 服务返回错误（400）");
      expect(bad.at(-1)!.data.message).not.toContain("bad model");
    });

    it("keeps what was streamed when the provider breaks mid-stream, and refunds", async () => {
      const u = await registerUser(ctx);
      const id = await newConversation(ctx, u);
      ai.fake.script({ kind: "stream", chunks: ["一半", "的回答", "不会到"], errorAfter: 2 });
      const events = await askAll(ai.ctx, u, id, "你好");
      expect(events.map((e) => e.event)).toEqual(["start", "token", "token", "error"]);
      expect(events.at(-1)!.data.partial).toMatchObject({
        content: "一半的回答",
        status: "error",
        points: 0,
      });
      expect(await balanceOf(ai.ctx, u)).toBe(100);
    });

    it("stopping cancels the upstream request, keeps what was streamed and charges the reply", async () => {
      const u = await registerUser(ctx);
      const id = await newConversation(ctx, u);
      ai.fake.script({
        kind: "stream",
        chunks: tokens("这是一个很长很长的回答，".repeat(20), 2),
        delayMs: 40,
      });
      const sent = ai.fake.received.length;
      const res = await ask(ai.ctx, u, id, "讲个长故事");
      const events = await readEvents(res, (e) => e.filter((x) => x.event === "token").length >= 3);
      const streamed = events
        .filter((e) => e.event === "token")
        .map((e) => e.data.text)
        .join("");
      const upstream = await eventually(
        async () => ai.fake.received[sent],
        (r) => r?.aborted === true,
      );
      expect(upstream?.aborted).toBe(true);
      const saved = await eventually(
        async () => (await request(ctx, "listMessages", { params: { id }, token: u.token })).body.data.items,
        (items) => items.length === 2,
      );
      expect(saved[1]).toMatchObject({ role: "assistant", status: "stopped", points: 2 });
      expect(saved[1]!.content.startsWith(streamed)).toBe(true);
      expect(saved[1]!.content.length).toBeLessThan(120);
      expect(await balanceOf(ai.ctx, u)).toBe(98);
    });

    it("answers 402 AI点数不足 with the balance when points do not cover the reply, and sends nothing", async () => {
      const u = await registerUser(ctx);
      await spend(ctx.db, u.id, 99, "chat_reply");
      const id = await newConversation(ctx, u);
      const sent = ai.fake.received.length;
      const res = await request(ai.ctx, "sendMessage", {
        params: { id },
        token: u.token,
        body: { content: "你好" },
      });
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({
        success: false,
        code: "INSUFFICIENT_POINTS",
        data: { balance: 1, cost: 2 },
      });
      expect(res.body.message).toContain("AI点数不足");
      expect(ai.fake.received.length).toBe(sent);
      expect(
        (await request(ctx, "listMessages", { params: { id }, token: u.token })).body.data.items,
      ).toEqual([]);
    });
  });
});

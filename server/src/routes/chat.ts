import type { StreamEventsOf } from "@shinian/contract";
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import { prepareReply, runReply } from "../services/ai/chat.ts";
import { assertRoom } from "../services/quotas.ts";
import { limitWrites } from "../services/write-limits.ts";
import {
  createConversation,
  deleteConversation,
  listConversations,
  listMessages,
  renameConversation,
} from "../stores/chat.ts";
import { ownsIdeas } from "../stores/ideas.ts";
import { ownsNote } from "../stores/notes.ts";

type ReplyEvents = StreamEventsOf<"sendMessage">;

export function chatRoutes(app: Hono<AppEnv>) {
  mount(app, "listConversations", async (c, { query }) => ({
    data: { items: await listConversations(c.var.deps.db, c.var.auth.userId, query) },
  }));
  mount(app, "createConversation", async (c, { body: { title, subject } }) => {
    const { db } = c.var.deps;
    const { userId } = c.var.auth;
    if (subject) {
      const owned =
        subject.type === "idea"
          ? await ownsIdeas(db, userId, [subject.id])
          : await ownsNote(db, userId, subject.id);
      if (!owned) throw notFound(subject.type === "idea" ? "想法不存在" : "笔记不存在");
    }
    return {
      message: "已新建对话",
      data: await createConversation(db, userId, title ?? "", subject ?? null),
    };
  });
  mount(app, "renameConversation", async (c, { params: { id }, body: { title } }) => {
    const conversation = await renameConversation(c.var.deps.db, c.var.auth.userId, id, title);
    if (!conversation) throw notFound("对话不存在");
    return { message: "已重命名", data: conversation };
  });
  mount(app, "deleteConversation", async (c, { params }) => {
    if (!(await deleteConversation(c.var.deps.db, c.var.auth.userId, params.id)))
      throw notFound("对话不存在");
    return { message: "对话已删除", data: null };
  });
  mount(app, "listMessages", async (c, { params: { id } }) => ({
    data: { items: await listMessages(c.var.deps.db, c.var.auth.userId, id) },
  }));
  mount(app, "sendMessage", async (c, { params: { id }, body: { content, allTime } }) => {
    const deps = c.var.deps;
    await limitWrites(deps, c.var.auth.userId, "chat");
    await assertRoom(deps, c.var.auth.userId, { items: 0, bytes: Buffer.byteLength(content) });
    const reply = await prepareReply(deps, c.var.auth.userId, id, content, { allTime });
    return streamSSE(c, async (stream) => {
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      const send = <K extends keyof ReplyEvents>(event: K, data: ReplyEvents[K]) =>
        stream.writeSSE({ event, data: JSON.stringify(data) });
      const outcome = await runReply(deps, reply, stop.signal, {
        start: (userMessage) =>
          send("start", { userMessage, mode: reply.mode, cost: reply.cost, timeFilter: reply.timeFilter }),
        token: (text) => send("token", { text }),
      });
      if (outcome.kind === "done") await send("done", { message: outcome.message, balance: outcome.balance });
      if (outcome.kind === "error") {
        await send("error", {
          message: outcome.message,
          code: "AI_PROVIDER_ERROR",
          partial: outcome.partial,
          balance: outcome.balance,
        });
      }
    });
  });
}

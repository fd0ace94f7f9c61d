import type { StreamEventsOf } from "@shinian/contract";
import { streamSSE } from "hono/streaming";
import { notFound } from "../errors.ts";
import type { Mount } from "../http/mount.ts";
import { ownsIdeas } from "../items/ideas.store.ts";
import { ownsNote } from "../items/notes.store.ts";
import { assertRoom } from "../points/quotas.ts";
import { limitWrites } from "../points/write-limits.ts";
import {
  createConversation,
  deleteConversation,
  listConversations,
  listMessages,
  renameConversation,
} from "./chat.store.ts";
import { prepareReply, runReply } from "./chat.ts";

type ReplyEvents = StreamEventsOf<"sendMessage">;

export function chatRoutes(mount: Mount) {
  mount("listConversations", async ({ deps, userId, query }) => ({
    data: { items: await listConversations(deps.db, userId, query) },
  }));
  mount("createConversation", async ({ deps, userId, body: { title, subject } }) => {
    const { db } = deps;
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
  mount("renameConversation", async ({ deps, userId, params: { id }, body: { title } }) => {
    const conversation = await renameConversation(deps.db, userId, id, title);
    if (!conversation) throw notFound("对话不存在");
    return { message: "已重命名", data: conversation };
  });
  mount("deleteConversation", async ({ deps, userId, params }) => {
    if (!(await deleteConversation(deps.db, userId, params.id))) throw notFound("对话不存在");
    return { message: "对话已删除", data: null };
  });
  mount("listMessages", async ({ deps, userId, params: { id } }) => ({
    data: { items: await listMessages(deps.db, userId, id) },
  }));
  mount("sendMessage", async ({ c, deps, userId, params: { id }, body: { content, allTime } }) => {
    await limitWrites(deps, userId, "chat");
    await assertRoom(deps, userId, { items: 0, bytes: Buffer.byteLength(content) });
    const reply = await prepareReply(deps, userId, id, content, { allTime });
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

import type { StreamEventsOf } from "@shinian/contract";
import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { mount } from "../lib/endpoint.ts";
import {
  CONVERSATION_COLUMNS,
  findConversation,
  MESSAGE_COLUMNS,
  prepareReply,
  runReply,
  toConversation,
  toMessage,
} from "../services/ai/chat.ts";

const LIST_LIMIT = 200;
const MESSAGE_LIMIT = 1000;

type ReplyEvents = StreamEventsOf<"sendMessage">;

export function chatRoutes(app: Hono<AppEnv>) {
  mount(app, "listConversations", async (c, { query: q }) => {
    const params: unknown[] = [c.var.auth.userId, LIST_LIMIT];
    let where = "user_id = $1";
    if (q.subjectId) {
      params.push(q.subjectId);
      where += ` AND subject_id = $${params.length}`;
    } else if (!q.subjectType) {
      where += " AND subject_id IS NULL"; // /chat lists its own conversations, not the side chats
    }
    if (q.subjectType) {
      params.push(q.subjectType);
      where += ` AND subject_type = $${params.length}`;
    }
    const { rows } = await c.var.deps.db.query(
      `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT $2`,
      params,
    );
    return { data: { items: rows.map(toConversation) } };
  });
  mount(app, "createConversation", async (c, { body: input }) => {
    const { db } = c.var.deps;
    const userId = c.var.auth.userId;
    if (input.subject) {
      const table = input.subject.type === "idea" ? "ideas" : "notes";
      const { rowCount } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1 AND user_id = $2`, [
        input.subject.id,
        userId,
      ]);
      if (!rowCount) throw notFound(input.subject.type === "idea" ? "想法不存在" : "笔记不存在");
    }
    const { rows } = await db.query(
      `INSERT INTO conversations (user_id, title, subject_type, subject_id) VALUES ($1, $2, $3, $4)
       RETURNING ${CONVERSATION_COLUMNS}`,
      [userId, input.title ?? "", input.subject?.type ?? null, input.subject?.id ?? null],
    );
    return { message: "已新建对话", data: toConversation(rows[0]) };
  });
  mount(app, "renameConversation", async (c, { params: { id }, body: { title } }) => {
    const { rows } = await c.var.deps.db.query(
      `UPDATE conversations SET title = $3 WHERE id = $1 AND user_id = $2 RETURNING ${CONVERSATION_COLUMNS}`,
      [id, c.var.auth.userId, title],
    );
    if (!rows[0]) throw notFound("对话不存在");
    return { message: "已重命名", data: toConversation(rows[0]) };
  });
  mount(app, "deleteConversation", async (c, { params }) => {
    const { rowCount } = await c.var.deps.db.query(
      "DELETE FROM conversations WHERE id = $1 AND user_id = $2",
      [params.id, c.var.auth.userId],
    );
    if (!rowCount) throw notFound("对话不存在");
    return { message: "对话已删除", data: null };
  });
  mount(app, "listMessages", async (c, { params: { id } }) => {
    await findConversation(c.var.deps.db, c.var.auth.userId, id);
    // the newest MESSAGE_LIMIT, in reading order
    const { rows } = await c.var.deps.db.query(
      `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = $1 AND user_id = $2
       ORDER BY created_at DESC, id DESC LIMIT $3`,
      [id, c.var.auth.userId, MESSAGE_LIMIT],
    );
    return { data: { items: rows.reverse().map(toMessage) } };
  });
  mount(app, "sendMessage", async (c, { params: { id }, body: { content } }) => {
    const deps = c.var.deps;
    const reply = await prepareReply(deps, c.var.auth.userId, id, content);
    return streamSSE(c, async (stream) => {
      const stop = new AbortController();
      stream.onAbort(() => stop.abort());
      const send = <K extends keyof ReplyEvents>(event: K, data: ReplyEvents[K]) =>
        stream.writeSSE({ event, data: JSON.stringify(data) });
      const outcome = await runReply(deps, reply, stop.signal, {
        start: (userMessage) => send("start", { userMessage, mode: reply.mode, cost: reply.cost }),
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

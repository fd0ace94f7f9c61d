/** AI chats: conversations (a side chat has a subject: an idea or a note) and their messages. */
import type { AiMode, ChatMessage, Citation, Conversation, ItemRef, TimeFilter } from "@shinian/contract";
import type { Queryable } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { anyExcludedIdea, noteFromExcludedIdea } from "../search/search.store.ts";

const LIST_LIMIT = 200;
const MESSAGE_LIMIT = 1000;

export type ConversationRow = {
  id: string;
  title: string;
  subject_type: "idea" | "note" | null;
  subject_id: string | null;
  created_at: Date;
  updated_at: Date;
};
export const CONVERSATION_COLUMNS = "id, title, subject_type, subject_id, created_at, updated_at";

const toConversation = (r: ConversationRow): Conversation => ({
  id: r.id,
  title: r.title,
  subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id } : null,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

export type MessageRow = {
  id: string;
  role: "user" | "assistant";
  content: string;
  status: ChatMessage["status"];
  citations: Citation[];
  points: number;
  mode: AiMode;
  time_filter: TimeFilter | null;
  created_at: Date;
};
export const MESSAGE_COLUMNS = "id, role, content, status, citations, points, mode, time_filter, created_at";

const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  role: r.role,
  content: r.content,
  status: r.status,
  citations: r.citations,
  points: r.points,
  mode: r.mode,
  timeFilter: r.time_filter ?? null,
  createdAt: r.created_at.toISOString(),
});

/**
 * The user's latest conversations: about one subject, or of one subject type, or without either
 * the /chat page's own (not the side chats).
 */
export async function listConversations(
  db: Queryable,
  userId: string,
  q: { subjectId?: string | undefined; subjectType?: ItemRef["type"] | undefined },
): Promise<Conversation[]> {
  const params: unknown[] = [userId, LIST_LIMIT];
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
  const { rows } = await db.query<ConversationRow>(
    `SELECT ${CONVERSATION_COLUMNS} FROM conversations WHERE ${where} ORDER BY updated_at DESC, id DESC LIMIT $2`,
    params,
  );
  return rows.map(toConversation);
}

/** A new conversation; its subject, if any, is checked by the caller. */
export async function createConversation(
  db: Queryable,
  userId: string,
  title: string,
  subject: ItemRef | null,
): Promise<Conversation> {
  const { rows } = await db.query<ConversationRow>(
    `INSERT INTO conversations (user_id, title, subject_type, subject_id) VALUES ($1, $2, $3, $4)
     RETURNING ${CONVERSATION_COLUMNS}`,
    [userId, title, subject?.type ?? null, subject?.id ?? null],
  );
  return toConversation(rows[0]!);
}

/** Null when the conversation is not one of the user's. */
export async function renameConversation(
  db: Queryable,
  userId: string,
  id: string,
  title: string,
): Promise<Conversation | null> {
  const { rows } = await db.query<ConversationRow>(
    `UPDATE conversations SET title = $3 WHERE id = $1 AND user_id = $2 RETURNING ${CONVERSATION_COLUMNS}`,
    [id, userId, title],
  );
  return rows[0] ? toConversation(rows[0]) : null;
}

/** False when the conversation is not one of the user's. Its messages go with it. */
export async function deleteConversation(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query("DELETE FROM conversations WHERE id = $1 AND user_id = $2", [
    id,
    userId,
  ]);
  return Boolean(rowCount);
}

/** The newest MESSAGE_LIMIT messages of one of the user's conversations (404 对话不存在), in reading order. */
export async function listMessages(
  db: Queryable,
  userId: string,
  conversationId: string,
): Promise<ChatMessage[]> {
  const { rowCount } = await db.query("SELECT 1 FROM conversations WHERE id = $1 AND user_id = $2", [
    conversationId,
    userId,
  ]);
  if (!rowCount) throw notFound("对话不存在");
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages WHERE conversation_id = $1 AND user_id = $2
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [conversationId, userId, MESSAGE_LIMIT],
  );
  return rows.reverse().map(toMessage);
}

/**
 * The conversation, whether its subject may be read by AI, and the user's self-introduction, in
 * one round trip: every round trip before a reply adds to the time before its first token.
 */
export async function conversationForReply(db: Queryable, userId: string, conversationId: string) {
  const { rows } = await db.query<
    ConversationRow & { identity_description: string | null; subject_excluded: boolean }
  >({
    name: "chat-load",
    text: `SELECT c.id, c.title, c.subject_type, c.subject_id, c.created_at, c.updated_at, u.identity_description,
       ((c.subject_type = 'idea' AND ${anyExcludedIdea("ARRAY[c.subject_id]")})
       OR (c.subject_type = 'note' AND EXISTS (
          SELECT 1 FROM notes n WHERE n.id = c.subject_id AND n.user_id = c.user_id AND ${noteFromExcludedIdea("n")})))
        AS subject_excluded
     FROM conversations c JOIN users u ON u.id = c.user_id
     WHERE c.id = $1 AND c.user_id = $2`,
    values: [conversationId, userId],
  });
  const row = rows[0];
  if (!row) return null;
  return {
    conversation: toConversation(row),
    identity: row.identity_description,
    subjectExcluded: row.subject_excluded,
  };
}

/**
 * The conversation so far, the newest `limit` messages, newest last. A reply grounded in an idea
 * that is now marked 不让AI读取, or in a note written from one, may quote it, so such replies are
 * left out; so are replies whose sources were never recorded (saved before source_ids existed):
 * nothing says what they quote.
 */
export async function recentMessages(
  db: Queryable,
  conversationId: string,
  limit: number,
): Promise<{ role: "user" | "assistant"; content: string }[]> {
  const { rows } = await db.query<{ role: "user" | "assistant"; content: string }>({
    name: "chat-history",
    text: `SELECT m.role, m.content FROM messages m
     WHERE m.conversation_id = $1 AND m.content <> ''
       AND (m.role = 'user' OR cardinality(m.source_ids) > 0)
       AND NOT ${anyExcludedIdea("m.source_ids")}
       AND NOT EXISTS (SELECT 1 FROM notes n WHERE n.id = ANY(m.source_ids) AND ${noteFromExcludedIdea("n")})
     ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    values: [conversationId, limit],
  });
  return rows.reverse();
}

export type NewMessage = Omit<MessageRow, "id" | "created_at" | "time_filter"> & {
  timeFilter?: TimeFilter | null;
  model: string | null;
  sourceIds?: string[];
};

/**
 * Saves a message and touches the conversation (naming it, when `title` is given). `sourceIds`:
 * every item the reply was grounded in.
 */
export async function insertMessage(
  db: Queryable,
  userId: string,
  conversationId: string,
  m: NewMessage,
  title: string | null = null,
): Promise<ChatMessage> {
  const { rows } = await db.query<MessageRow>({
    name: "chat-message-insert",
    text: `WITH touched AS (UPDATE conversations SET updated_at = now(), title = COALESCE($10, title) WHERE id = $2)
     INSERT INTO messages (user_id, conversation_id, role, content, status, citations, points, mode, model, source_ids, time_filter)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $11, $12::jsonb) RETURNING ${MESSAGE_COLUMNS}`,
    values: [
      userId,
      conversationId,
      m.role,
      m.content,
      m.status,
      JSON.stringify(m.citations),
      m.points,
      m.mode,
      m.model,
      title,
      m.sourceIds ?? [],
      m.timeFilter ? JSON.stringify(m.timeFilter) : null,
    ],
  });
  return toMessage(rows[0]!);
}

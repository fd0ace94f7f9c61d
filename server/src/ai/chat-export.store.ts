/** The export's reading of the chats: conversations in batches, their messages in bounded pages. */

import type { Queryable } from "../db/pool.ts";
import { CURSOR_US, fromUs, type Keyset } from "../http/cursor.ts";
import { oldestFirst } from "../shared/keyset.ts";
import {
  CONVERSATION_COLUMNS,
  type ConversationRow,
  MESSAGE_COLUMNS,
  type MessageRow,
} from "./chat.store.ts";

export type ExportedConversation = ConversationRow;
/** A message with the ideas and notes its reply was grounded on (what an import remaps). */
export type ExportedMessage = MessageRow & { source_ids: string[] };
const EXPORTED_MESSAGE_COLUMNS = `${MESSAGE_COLUMNS}, source_ids`;

/**
 * A piece of one conversation as the export reads it: the conversation, some of its messages in
 * order, and whether these are its first and its last (a long conversation comes in several).
 */
export type ConversationPart = {
  conversation: ExportedConversation;
  messages: ExportedMessage[];
  first: boolean;
  last: boolean;
};

/**
 * Every conversation of the user, oldest first, `size` at a time, with their messages read in
 * keyset pages of at most `pageSize` rows across the batch's conversations: however many
 * messages one conversation has, no statement returns more (the export). Yields one page's parts.
 */
export async function* conversationParts(
  db: Queryable,
  userId: string,
  size: number,
  pageSize: number,
): AsyncGenerator<ConversationPart[]> {
  const columns = `${CONVERSATION_COLUMNS}, ${CURSOR_US} AS cursor_us`;
  type Row = ConversationRow & { cursor_us: string };
  for await (const convs of oldestFirst<Row>(db, "conversations", columns, userId, size)) {
    // the batch's conversations from `at`; inside conversations[at], the messages after `after`
    let at = 0;
    let after: Keyset | null = null;
    while (at < convs.length) {
      const rows: PageRow[] = after
        ? await messagesAfter(db, userId, convs[at]!.id, after, pageSize, at)
        : [];
      const next = after ? at + 1 : at;
      if (rows.length < pageSize && next < convs.length) {
        rows.push(...(await firstMessages(db, userId, convs.slice(next), pageSize - rows.length, next)));
      }
      const full = rows.length === pageSize;
      // a full page may stop inside its last conversation: that one goes on in the next page
      const until = full ? rows[rows.length - 1]!.ord : convs.length - 1;
      const parts: ConversationPart[] = [];
      for (let i = at; i <= until; i++) {
        const messages = rows.filter((r) => r.ord === i);
        parts.push({ conversation: convs[i]!, messages, first: i > at || !after, last: !full || i < until });
      }
      yield parts;
      const last = rows[rows.length - 1];
      if (full && last) [at, after] = [last.ord, { us: last.cursor_us, id: last.id }];
      else at = convs.length;
    }
  }
}

type PageRow = ExportedMessage & { ord: number; cursor_us: string };

/** Up to `limit` messages of one conversation after `after` (which is `ord` in its batch). */
async function messagesAfter(
  db: Queryable,
  userId: string,
  conversationId: string,
  after: Keyset,
  limit: number,
  ord: number,
): Promise<PageRow[]> {
  const { rows } = await db.query<PageRow>(
    `SELECT ${EXPORTED_MESSAGE_COLUMNS}, ${CURSOR_US} AS cursor_us, $5::int AS ord FROM messages
     WHERE conversation_id = $1 AND user_id = $2 AND (created_at, id) > (${fromUs("$3")}, $4::uuid)
     ORDER BY created_at, id LIMIT $6`,
    [conversationId, userId, after.us, after.id, ord, limit],
  );
  return rows;
}

/**
 * Up to `limit` messages from the start of these conversations (the first is `ord` in its batch),
 * in their order, then by time and id: each one reads at most `limit` rows of its index.
 */
async function firstMessages(
  db: Queryable,
  userId: string,
  convs: { id: string }[],
  limit: number,
  ord: number,
): Promise<PageRow[]> {
  const { rows } = await db.query<PageRow>(
    `SELECT (b.ord + $3 - 1)::int AS ord, m.* FROM unnest($2::uuid[]) WITH ORDINALITY AS b (id, ord)
     CROSS JOIN LATERAL (
       SELECT ${EXPORTED_MESSAGE_COLUMNS}, ${CURSOR_US} AS cursor_us FROM messages
       WHERE conversation_id = b.id AND user_id = $1 ORDER BY created_at, id LIMIT $4
     ) m
     ORDER BY b.ord, m.created_at, m.id LIMIT $4`,
    [userId, convs.map((c) => c.id), ord, limit],
  );
  return rows;
}

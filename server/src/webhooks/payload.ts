import type { Queryable } from "../db/pool.ts";
import { ideasInOrder } from "../items/ideas.store.ts";
import { getNote } from "../items/notes.store.ts";
import { beijingDay } from "../shared/beijing-time.ts";

type Event = {
  type: string;
  user_id: string;
  item_id: string | null;
  item_type: "idea" | "note" | "review" | "test";
  event_at: Date;
};

type ItemData = {
  id: string;
  type: "idea" | "note";
  title?: string;
  content?: string;
  tags?: string[];
  createdAt?: string;
  updatedAt?: string;
};

/**
 * The item as it is when the delivery is made (a retry a day later carries the later words),
 * or `{id, type}` alone when it is gone (deleted, or deleted since) or marked 不让AI读取:
 * such words leave the server for no one's automation.
 */
async function itemData(db: Queryable, userId: string, id: string, type: "idea" | "note"): Promise<ItemData> {
  if (type === "idea") {
    const [row] = await ideasInOrder(db, userId, [id]);
    if (!row || row.ai_excluded) return { id, type };
    return {
      id,
      type,
      title: row.title,
      content: row.content,
      tags: row.tags,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }
  const note = await getNote(db, userId, id).catch(() => null);
  if (!note) return { id, type };
  const { title, content, tags, createdAt, updatedAt } = note;
  return { id, type, title, content, tags, createdAt, updatedAt };
}

/** The delivery's body, Standard Webhooks' `{type, timestamp, data}`. */
export async function payloadOf(db: Queryable, e: Event): Promise<string> {
  let data: object;
  if (e.item_type === "review") data = { type: "review", date: beijingDay(e.event_at) };
  else if (e.item_type === "test") data = { message: "这是一条来自拾念的测试事件" };
  else if (!e.item_id || e.type.endsWith(".deleted")) data = { id: e.item_id, type: e.item_type };
  else data = await itemData(db, e.user_id, e.item_id, e.item_type);
  return JSON.stringify({ type: e.type, timestamp: e.event_at.toISOString(), data });
}

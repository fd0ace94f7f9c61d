import { del, entries, set } from "idb-keyval";
import { lazyStore } from "../../lib/idb-store.ts";
import { QUEUE_DB, QUEUE_STORE, queueKey, SESSION_KEY } from "./queue-names.ts";

/**
 * Captures not yet on the server, kept in IndexedDB so they survive a reload, closing the app, a
 * crash and a 401. Keyed by user: a queue is only ever sent, or shown, under its own account.
 * The service worker reads the same database for Background Sync (app/build/pwa.ts, with the
 * names of queue-names.ts): keep the record shape in step with it.
 */

export type QueuedCapture = {
  userId: string;
  /** Made on this device; the server keeps one idea per clientId, so a resend never duplicates. */
  clientId: string;
  content: string;
  /** 不让AI读取, ticked before saving: sent with it, so the server never tidies it. */
  aiExcluded?: boolean;
  /** Pictures already uploaded (POST /api/attachments) that the idea is saved with. */
  attachmentIds?: string[];
  /** When it was written: sent as capturedAt, it becomes the idea's time. */
  capturedAt: string;
  /** `refused`: the server answered a 4xx; it waits for 重试 or 删除 with the server's reason. */
  state: "pending" | "refused";
  reason?: string;
};

const db = lazyStore(QUEUE_DB, QUEUE_STORE);

/** This user's captures, oldest first: the order they are sent in. */
export async function queuedFor(userId: string): Promise<QueuedCapture[]> {
  const all = await entries<string, QueuedCapture>(db());
  return all
    .filter(([key, item]) => key !== SESSION_KEY && item.userId === userId)
    .map(([, item]) => item)
    .sort((a, b) => a.capturedAt.localeCompare(b.capturedAt) || a.clientId.localeCompare(b.clientId));
}

export const putQueued = (item: QueuedCapture) => set(queueKey(item), item, db());
export const dropQueued = (item: Pick<QueuedCapture, "userId" | "clientId">) => del(queueKey(item), db());

/** For Background Sync while no page is open; forgotten on logout. */
export const rememberSession = (userId: string, token: string) => set(SESSION_KEY, { userId, token }, db());
export const forgetSession = () => del(SESSION_KEY, db());

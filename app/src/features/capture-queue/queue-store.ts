import { createStore, del, entries, set, type UseStore } from "idb-keyval";

/**
 * Captures not yet on the server, kept in IndexedDB so they survive a reload, closing the app, a
 * crash and a 401. Keyed by user: a queue is only ever sent, or shown, under its own account.
 * The service worker reads the same database for Background Sync (app/build/pwa.ts): keep the
 * names and the record shape in step with it.
 */
export const QUEUE_DB = "shinian-capture";
export const QUEUE_STORE = "queue";
/** The record the service worker sends with: the signed-in user and their token. */
export const SESSION_KEY = "session";

export type QueuedCapture = {
  userId: string;
  /** Made on this device; the server keeps one idea per clientId, so a resend never duplicates. */
  clientId: string;
  content: string;
  /** When it was written: sent as capturedAt, it becomes the idea's time. */
  capturedAt: string;
  /** `refused`: the server answered a 4xx; it waits for 重试 or 删除 with the server's reason. */
  state: "pending" | "refused";
  reason?: string;
};

// Opened on first use, not at import.
let store: UseStore | undefined;
const db = () => {
  store ??= createStore(QUEUE_DB, QUEUE_STORE);
  return store;
};
const keyOf = (c: Pick<QueuedCapture, "userId" | "clientId">) => `${c.userId}/${c.clientId}`;

/** This user's captures, oldest first: the order they are sent in. */
export async function queuedFor(userId: string): Promise<QueuedCapture[]> {
  const all = await entries<string, QueuedCapture>(db());
  return all
    .filter(([key, item]) => key !== SESSION_KEY && item.userId === userId)
    .map(([, item]) => item)
    .sort((a, b) => a.capturedAt.localeCompare(b.capturedAt) || a.clientId.localeCompare(b.clientId));
}

export const putQueued = (item: QueuedCapture) => set(keyOf(item), item, db());
export const dropQueued = (item: Pick<QueuedCapture, "userId" | "clientId">) => del(keyOf(item), db());

/** For Background Sync while no page is open; forgotten on logout. */
export const rememberSession = (userId: string, token: string) => set(SESSION_KEY, { userId, token }, db());
export const forgetSession = () => del(SESSION_KEY, db());

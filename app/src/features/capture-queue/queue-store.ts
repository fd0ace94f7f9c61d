import type { Attachment } from "@shinian/contract";
import { del, entries, set } from "idb-keyval";
import { lazyStore } from "../../lib/idb-store.ts";
import { ANNOTATION_DB, QUEUE_DB, QUEUE_STORE, queueKey, SESSION_KEY } from "./queue-names.ts";

/**
 * Captures not yet on the server, kept in IndexedDB so they survive a reload, closing the app, a
 * crash and a 401. Keyed by user: a queue is only ever sent, or shown, under its own account.
 * 批注 wait in a database of their own (queue-names.ts). The service worker reads the same
 * databases for Background Sync (app/build/pwa.ts, with the names of queue-names.ts and the
 * requests of queue-requests.ts): keep the record shape in step with it.
 */

/**
 * A file of a queued capture, in the idea's order. `blob` is the file itself, kept until the idea
 * is saved (so an upload the server swept can be made again); `attachmentId` is set once the
 * server has it (POST /api/attachments), so a resend never uploads it twice. Any kind of file.
 */
export type QueuedFile = {
  key: string;
  kind: Attachment["kind"];
  name: string;
  contentType: string;
  size: number;
  blob?: Blob;
  attachmentId?: string;
  /** A recording's length as the recorder measured it, sent with its upload. */
  durationMs?: number;
};

export type QueuedCapture = {
  userId: string;
  /** `annotation`: a 批注 on the idea `ideaId` (POST /api/ideas/{id}/annotations); absent: an idea. */
  kind?: "idea" | "annotation";
  ideaId?: string;
  /** A 批注's idea as it was titled when queued: 首页 names it, even offline or once it is gone. */
  ideaTitle?: string;
  /** Made on this device; the server keeps one idea per clientId, so a resend never duplicates. */
  clientId: string;
  content: string;
  /** 不让AI读取, ticked before saving: sent with it, so the server never tidies it. */
  aiExcluded?: boolean;
  /** The idea's pictures and recordings, in order: uploaded ones by id, the others as blobs. */
  files?: QueuedFile[];
  /** Written by earlier versions, which uploaded before queuing: the files' ids, in order. */
  attachmentIds?: string[];
  /** When it was written: sent as capturedAt, it becomes the idea's time. */
  capturedAt: string;
  /** `refused`: the server answered a 4xx; it waits for 重试 or 删除 with the server's reason. */
  state: "pending" | "refused";
  reason?: string;
};

const db = lazyStore(QUEUE_DB, QUEUE_STORE);
const annotationDb = lazyStore(ANNOTATION_DB, QUEUE_STORE);
const storeOf = (item: Pick<QueuedCapture, "kind">) => (item.kind === "annotation" ? annotationDb() : db());

const byAge = (a: QueuedCapture, b: QueuedCapture) =>
  a.capturedAt.localeCompare(b.capturedAt) || a.clientId.localeCompare(b.clientId);

/** Every queued capture on this device, of every account (for the queue's bounds). */
export async function queuedOnDevice(): Promise<QueuedCapture[]> {
  const [captures, annotations] = await Promise.all([
    entries<string, QueuedCapture>(db()),
    // a device that cannot open it (out of space) still shows and sends its ideas
    entries<string, QueuedCapture>(annotationDb()).catch(() => []),
  ]);
  const queued = captures.filter(([key]) => key !== SESSION_KEY).map(([, item]) => item);
  // 批注 queued by the release that kept them beside the ideas move to their own database
  for (const item of queued.filter((i) => i.kind === "annotation")) {
    await set(queueKey(item), item, annotationDb());
    await del(queueKey(item), db());
  }
  // the moved ones are in this answer too; one read in both (a move cut short) counts once
  const byKey = new Map(annotations.map(([, item]) => [queueKey(item), item]));
  for (const item of queued) byKey.set(queueKey(item), item);
  return [...byKey.values()];
}

/** This user's captures, oldest first: the order they are sent in. */
export async function queuedFor(userId: string): Promise<QueuedCapture[]> {
  return (await queuedOnDevice()).filter((item) => item.userId === userId).sort(byAge);
}

export const putQueued = (item: QueuedCapture) => set(queueKey(item), item, storeOf(item));
export const dropQueued = (item: Pick<QueuedCapture, "userId" | "clientId" | "kind">) =>
  del(queueKey(item), storeOf(item));

/**
 * Changes a queued capture only if it is still there: the service worker may have sent it and
 * dropped it meanwhile, and a plain put would bring it back.
 */
export function patchQueued(
  item: Pick<QueuedCapture, "userId" | "clientId" | "kind">,
  change: (item: QueuedCapture) => QueuedCapture,
): Promise<void> {
  return storeOf(item)("readwrite", (store) => {
    const key = queueKey(item);
    const read = store.get(key);
    read.onsuccess = () => {
      if (read.result) store.put(change(read.result as QueuedCapture), key);
    };
    // Settled when the change is committed, as idb-keyval's own writes are.
    return new Promise<void>((resolve, reject) => {
      store.transaction.oncomplete = () => resolve();
      store.transaction.onerror = store.transaction.onabort = () => reject(store.transaction.error);
    });
  });
}

/** For Background Sync while no page is open; forgotten on logout. */
export const rememberSession = (userId: string, token: string) => set(SESSION_KEY, { userId, token }, db());
export const forgetSession = () => del(SESSION_KEY, db());

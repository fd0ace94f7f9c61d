import { QueueFullError, queueFullReason } from "./queue-limits.ts";
import { putQueued, type QueuedCapture, type QueuedFile, queuedOnDevice } from "./queue-store.ts";
import { sendQueued } from "./send-queued.ts";

/** A 批注 as the offline queue keeps it: a capture of its own, under its idea. */
export const annotationEntry = (
  userId: string,
  idea: { id: string; title: string },
  content: string,
  files: QueuedFile[] = [],
): QueuedCapture => ({
  userId,
  kind: "annotation",
  ideaId: idea.id,
  ideaTitle: idea.title,
  clientId: crypto.randomUUID(),
  content,
  ...(files.length ? { files } : {}),
  capturedAt: new Date().toISOString(),
  state: "pending",
});

/**
 * Keeps a 批注 in the offline queue (IndexedDB) beside the captures, for the queue to send now or
 * when the network returns; where this device cannot keep it (blocked storage) it is sent directly,
 * and a failure rejects (the caller keeps the text). Throws QueueFullError when the device holds too
 * much already. Resolves to whether the queue holds it (then the caller asks the queue to send).
 */
export async function queueAnnotation(entry: QueuedCapture & { ideaId: string }): Promise<boolean> {
  try {
    const full = queueFullReason(await queuedOnDevice(), entry);
    if (full) throw new QueueFullError(full);
    await putQueued(entry);
    return true;
  } catch (error) {
    if (error instanceof QueueFullError) throw error;
  }
  await sendQueued(entry, { keep: false });
  return false;
}

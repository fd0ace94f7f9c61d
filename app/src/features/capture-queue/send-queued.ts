import type { Idea } from "@shinian/contract";
import { uploadAttachment } from "../../api/attachments.ts";
import { ApiError, isApiError } from "../../api/client.ts";
import { createAnnotation, createIdea } from "../../api/item-changes.ts";
import { createAnnotationBody, createIdeaBody, forgetUploads } from "./queue-requests.ts";
import { patchQueued, type QueuedCapture, type QueuedFile } from "./queue-store.ts";

/**
 * Sends one queued capture: its files not yet on the server are uploaded first, in order, each id
 * written into the queued record before the next, so a resend uploads only what the server never
 * confirmed (an upload whose answer was lost stays attached to nothing until the server's sweep
 * after `attachments.graceMs`). Then the idea is created under its clientId, which the server keeps
 * once: a resend after a lost answer gets the first idea back and attaches nothing twice.
 * `keep: false`: the capture is not in the queue (IndexedDB refused it), nothing to write back.
 */
export async function sendQueued(item: QueuedCapture, { keep = true } = {}): Promise<Idea | null> {
  let current = await uploadFiles(item, keep);
  try {
    return await create(current);
  } catch (error) {
    // 404: an upload was swept while the capture waited (past `attachments.graceMs`): once more from the blobs.
    const again = isApiError(error) && error.status === 404 ? forgetUploads(current, error.message) : null;
    if (!again) throw error;
    if (keep) await patchQueued(item, (stored) => ({ ...stored, files: again.files }));
    current = await uploadFiles(again, keep);
    return await create(current);
  }
}

/** A 批注 (kind "annotation") goes to its idea's thread (null: it is no idea); anything else is an idea. */
const create = async (item: QueuedCapture): Promise<Idea | null> => {
  if (item.kind !== "annotation") return createIdea(createIdeaBody(item));
  await createAnnotation(item.ideaId!, createAnnotationBody(item));
  return null;
};

async function uploadFiles(item: QueuedCapture, keep: boolean): Promise<QueuedCapture> {
  let files = item.files ?? [];
  for (const file of files) {
    if (file.attachmentId || !file.blob) continue;
    const attachmentId = await upload(file, file.blob);
    const withId = (list: QueuedFile[] = []) =>
      list.map((f) => (f.key === file.key ? { ...f, attachmentId } : f));
    files = withId(files);
    if (keep) await patchQueued(item, (stored) => ({ ...stored, files: withId(stored.files) }));
  }
  return { ...item, files };
}

async function upload(file: QueuedFile, blob: Blob): Promise<string> {
  try {
    const bytes = new File([blob], file.name, { type: file.contentType });
    return (await uploadAttachment(bytes, { durationMs: file.durationMs })).id;
  } catch (error) {
    // A refusal names the file it is about (shown beside the capture, for 重试 or 删除).
    if (isApiError(error) && error.status > 0)
      throw new ApiError(error.status, `${file.name}：${error.message}`, error.data, error.retryAfterMs);
    throw error;
  }
}

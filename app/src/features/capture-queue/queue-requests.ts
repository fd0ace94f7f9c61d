/**
 * What a queued capture sends, shared by the app and the service worker: app/build/pwa.ts writes
 * these functions into sw.js as text (Function.prototype.toString), so each stands alone — no
 * imports, no helpers, no names from outside its own body.
 */

type Queued = {
  kind?: "idea" | "annotation";
  ideaId?: string;
  clientId: string;
  content: string;
  capturedAt: string;
  aiExcluded?: boolean;
  files?: { blob?: Blob; attachmentId?: string }[];
  attachmentIds?: string[];
};

/** The body of POST /api/ideas for a queued capture whose files are all uploaded, in their order. */
export function createIdeaBody(item: Queued) {
  const ids = item.files ? item.files.map((f) => f.attachmentId ?? "") : (item.attachmentIds ?? []);
  return {
    content: item.content,
    clientId: item.clientId,
    capturedAt: item.capturedAt,
    ...(item.aiExcluded ? { aiExcluded: true } : {}),
    ...(ids.length ? { attachmentIds: ids } : {}),
  };
}

/**
 * After a 404 on save (an upload the server swept: the capture waited past `attachments.graceMs`), the
 * capture with its uploads forgotten, to be made again from the kept blobs; null when a file has
 * no blob to upload again, or when the 404 (its `message`) says a 批注's idea is gone: uploading
 * again would change nothing.
 */
export function forgetUploads<T extends Queued>(item: T, message: string): T | null {
  if (item.kind === "annotation" && message === "想法不存在") return null;
  const files = item.files ?? [];
  if (!files.length || files.some((f) => !f.blob)) return null;
  return { ...item, files: files.map(({ attachmentId: _, ...f }) => f) };
}

/** The body of POST /api/ideas/{id}/annotations for a queued 批注 (`kind: "annotation"`) whose files are all uploaded. */
export function createAnnotationBody(item: Queued) {
  const ids = (item.files ?? []).map((f) => f.attachmentId ?? "");
  return {
    content: item.content,
    clientId: item.clientId,
    capturedAt: item.capturedAt,
    ...(ids.length ? { attachmentIds: ids } : {}),
  };
}

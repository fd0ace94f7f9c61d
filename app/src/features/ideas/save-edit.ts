import { isApiError } from "../../api/client.ts";
import { updateIdea, updateNote } from "../../api/item-changes.ts";
import type { LoadedItem } from "../../data/items.ts";

export type EditBody = { title: string; content: string; tags: string[]; baseUpdatedAt: string };

/** What another tab or device saved since the editor opened its version, and the server's words. */
export type TheirVersion = { version: LoadedItem; message: string };

/**
 * Saves an edit of an idea or a note. A note's files follow its text on the server, so the ones its
 * text never referred to (`looseFileIds`, put on it by another client) are named so that they stay.
 */
export async function saveEdit(
  { kind, item }: LoadedItem,
  body: EditBody,
  looseFileIds: string[],
): Promise<LoadedItem> {
  if (kind === "idea") return { kind, item: await updateIdea(item.id, body) };
  // a note's save answers without its text (up to 200,000 characters): it is what was sent
  const saved = await updateNote(item.id, { ...body, attachmentIds: looseFileIds });
  return { kind, item: { ...saved, content: body.content } };
}

/** A 409's body carries the version saved elsewhere meanwhile; null for any other failure. */
export function theirVersionOf(error: unknown, kind: LoadedItem["kind"]): TheirVersion | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const current = (error.data as { data?: unknown } | null)?.data;
  return current ? { version: { kind, item: current } as LoadedItem, message: error.message } : null;
}

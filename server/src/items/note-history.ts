import { attachmentRefs, type RestoredNote, rewriteAttachmentRefs } from "@shinian/contract";
import { attachableIds } from "../attachments/attachments.store.ts";
import type { Db } from "../db/pool.ts";
import type { Quota } from "../env.ts";
import { findVersion } from "./note-history.store.ts";
import { updateNote } from "./notes.store.ts";

/** `![名字](attachment:{id})` of one file (ids are uuids: nothing to escape), or its bare reference. */
const imageOf = (id: string) => new RegExp(`!\\[[^\\]\\n]*\\]\\(attachment:${id}[^)\\n]*\\)`, "gi");

/**
 * The text without its references to files that can no longer be on this note (deleted for good
 * after being released, or since put on another item), and how many those were: a version kept
 * for weeks may name an image the sweep has removed, and it must still be restorable.
 */
async function withoutLostImages(db: Db, userId: string, noteId: string, content: string) {
  const refs = attachmentRefs(content);
  if (refs.length === 0) return { content, dropped: 0 };
  const usable = new Set(await attachableIds(db, userId, noteId, refs));
  const lost = new Set(refs.filter((id) => !usable.has(id)));
  let out = content;
  for (const id of lost) out = out.replace(imageOf(id), "");
  out = rewriteAttachmentRefs(out, (id) => (lost.has(id) ? "" : null));
  return { content: out, dropped: lost.size };
}

/**
 * 恢复此版本: the version's title, text and tags (with the tag renames made since) saved as an edit
 * of the note, so the text it replaces becomes a version in turn, and a note saved elsewhere since
 * `baseUpdatedAt` is not overwritten (409 with the current note).
 */
export async function restoreNoteVersion(
  db: Db,
  quota: Quota,
  userId: string,
  noteId: string,
  versionId: string,
  baseUpdatedAt: string | undefined,
): Promise<RestoredNote> {
  const version = await findVersion(db, userId, noteId, versionId);
  const { content, dropped } = await withoutLostImages(db, userId, noteId, version.content);
  const { title, tags } = version;
  const saved = await updateNote(db, quota, userId, noteId, { title, content, tags, baseUpdatedAt });
  return { ...saved, content, droppedImages: dropped };
}

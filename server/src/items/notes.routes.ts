import { withTypedTags } from "@shinian/contract/tags";
import { withAttachments, withAttachmentsOf } from "../attachments/items.ts";
import { notFound } from "../errors.ts";
import { decodeCursor } from "../http/cursor.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { setArchived } from "./archive.store.ts";
import { ownsIdeas } from "./ideas.store.ts";
import { findVersion, listHistory } from "./note-history.store.ts";
import { restoreNoteVersion } from "./note-history.ts";
import { createNote, getNote, listNotes, updateNote } from "./notes.store.ts";
import { trashNote } from "./trash.store.ts";

export function noteRoutes(mount: Mount) {
  mount("listNotes", async ({ deps, userId, query: q }) => {
    const page = await listNotes(deps.db, userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") });
    return { data: { ...page, items: await withAttachments(deps, userId, page.items) } };
  });
  mount("createNote", async ({ deps, userId, body }) => {
    const { db } = deps;
    await limitWrites(deps, userId, "notes");
    const sourceIdeaIds = [...new Set(body.sourceIdeaIds ?? [])];
    if (!(await ownsIdeas(db, userId, sourceIdeaIds))) throw notFound("来源想法不存在");
    const note = await createNote(
      db,
      deps.config.quota,
      userId,
      {
        title: body.title,
        content: body.content,
        // `#标签` typed in the note become tags, as in an idea (not in code nor headings)
        tags: withTypedTags(body.tags ?? [], body.content),
        sourceIdeaIds,
        pinned: body.pinned ?? false,
      },
      body.attachmentIds,
    );
    return { message: "笔记已保存", data: await withAttachmentsOf(deps, userId, note) };
  });
  mount("getNote", async ({ deps, userId, params }) => ({
    data: await withAttachmentsOf(deps, userId, await getNote(deps.db, userId, params.id)),
  }));
  mount("updateNote", async ({ deps, userId, params, body }) => ({
    message: "已保存",
    data: await withAttachmentsOf(
      deps,
      userId,
      await updateNote(deps.db, deps.config.quota, userId, params.id, body),
    ),
  }));
  mount("noteHistory", async ({ deps, userId, params, query: q }) => ({
    data: await listHistory(deps.db, userId, params.id, { ...q, cursor: decodeCursor(q.cursor, "uuid") }),
  }));
  mount("noteVersion", async ({ deps, userId, params }) => ({
    data: await findVersion(deps.db, userId, params.id, params.versionId),
  }));
  mount("restoreNoteVersion", async ({ deps, userId, params, body }) => {
    const { id, versionId } = params;
    const note = await restoreNoteVersion(
      deps.db,
      deps.config.quota,
      userId,
      id,
      versionId,
      body.baseUpdatedAt,
    );
    const message = note.droppedImages
      ? `已恢复此版本；其中 ${note.droppedImages} 张图片已被永久删除，没有恢复`
      : "已恢复此版本";
    return {
      message,
      data: { ...(await withAttachmentsOf(deps, userId, note)), droppedImages: note.droppedImages },
    };
  });
  mount("deleteNote", async ({ deps, userId, params }) => {
    if (!(await trashNote(deps.db, userId, params.id))) throw notFound("笔记不存在");
    return { message: "笔记已移到回收站", data: null };
  });
  mount("archiveNote", async ({ deps, userId, params }) => ({
    message: "已归档",
    data: await setArchived(deps.db, userId, "note", params.id, true),
  }));
  mount("unarchiveNote", async ({ deps, userId, params }) => ({
    message: "已取消归档",
    data: await setArchived(deps.db, userId, "note", params.id, false),
  }));
}

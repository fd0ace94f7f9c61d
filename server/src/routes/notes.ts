import { withTypedTags } from "@shinian/contract/tags";
import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { decodeCursor } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { composeNote } from "../services/ai/compose.ts";
import { withAttachments, withAttachmentsOf } from "../services/attachments/items.ts";
import { relatedItems } from "../services/related.ts";
import { limitWrites } from "../services/write-limits.ts";
import { ownsIdeas } from "../stores/ideas.ts";
import { createNote, getNote, listNotes, updateNote } from "../stores/notes.ts";
import { trashNote } from "../stores/trash.ts";

export function noteRoutes(app: Hono<AppEnv>) {
  mount(app, "listNotes", async (c, { query: q }) => {
    const { userId } = c.var.auth;
    const page = await listNotes(c.var.deps.db, userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") });
    return { data: { ...page, items: await withAttachments(c.var.deps, userId, page.items) } };
  });
  mount(app, "createNote", async (c, { body }) => {
    const { db } = c.var.deps;
    const { userId } = c.var.auth;
    await limitWrites(c.var.deps, userId, "notes");
    const sourceIdeaIds = [...new Set(body.sourceIdeaIds ?? [])];
    if (!(await ownsIdeas(db, userId, sourceIdeaIds))) throw notFound("来源想法不存在");
    const note = await createNote(
      db,
      c.var.deps.config.quota,
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
    return { message: "笔记已保存", data: await withAttachmentsOf(c.var.deps, userId, note) };
  });
  mount(app, "composeNote", async (c, { body }) => {
    await limitWrites(c.var.deps, c.var.auth.userId, "notes");
    return {
      message: "已整理成笔记",
      data: await composeNote(c.var.deps, c.var.auth.userId, body.ideaIds),
    };
  });
  mount(app, "relatedToNote", async (c, { params }) => ({
    data: { items: await relatedItems(c.var.deps, c.var.auth.userId, { type: "note", id: params.id }) },
  }));
  mount(app, "getNote", async (c, { params }) => ({
    data: await withAttachmentsOf(
      c.var.deps,
      c.var.auth.userId,
      await getNote(c.var.deps.db, c.var.auth.userId, params.id),
    ),
  }));
  mount(app, "updateNote", async (c, { params, body }) => ({
    message: "已保存",
    data: await withAttachmentsOf(
      c.var.deps,
      c.var.auth.userId,
      await updateNote(c.var.deps.db, c.var.deps.config.quota, c.var.auth.userId, params.id, body),
    ),
  }));
  mount(app, "deleteNote", async (c, { params }) => {
    if (!(await trashNote(c.var.deps.db, c.var.auth.userId, params.id))) throw notFound("笔记不存在");
    return { message: "笔记已移到回收站", data: null };
  });
}

import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { notFound } from "../errors.ts";
import { decodeCursor } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { tidyIdea } from "../services/ai/tidy.ts";
import { withAttachments, withAttachmentsOf } from "../services/attachments/items.ts";
import { captureIdea } from "../services/capture.ts";
import { relatedItems } from "../services/related.ts";
import { limitWrites } from "../services/write-limits.ts";
import { applyVersionById, listVersions, restoreOriginal } from "../stores/idea-tidy.ts";
import { getIdea, listIdeas, updateIdea } from "../stores/ideas.ts";
import { trashIdea } from "../stores/trash.ts";

export function ideaRoutes(app: Hono<AppEnv>) {
  mount(app, "listIdeas", async (c, { query: q }) => {
    const { userId } = c.var.auth;
    const page = await listIdeas(c.var.deps.db, userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") });
    return { data: { ...page, items: await withAttachments(c.var.deps, userId, page.items) } };
  });
  // The contract lets a capture token make this one call.
  mount(app, "createIdea", async (c, { body }) => {
    await limitWrites(c.var.deps, c.var.auth.userId, "captures");
    const { idea: made, created } = await captureIdea(c.var.deps, c.var.auth.userId, body);
    const idea = await withAttachmentsOf(c.var.deps, c.var.auth.userId, made);
    if (!created) return { message: "这条想法已保存过", data: idea, status: 200 };
    return { message: "想法已保存", data: idea };
  });
  mount(app, "getIdea", async (c, { params }) => ({
    data: await withAttachmentsOf(
      c.var.deps,
      c.var.auth.userId,
      await getIdea(c.var.deps.db, c.var.auth.userId, params.id),
    ),
  }));
  mount(app, "relatedToIdea", async (c, { params }) => ({
    data: { items: await relatedItems(c.var.deps, c.var.auth.userId, { type: "idea", id: params.id }) },
  }));
  mount(app, "updateIdea", async (c, { params, body }) => ({
    message: "已保存",
    data: await withAttachmentsOf(
      c.var.deps,
      c.var.auth.userId,
      await updateIdea(c.var.deps.db, c.var.deps.config.quota, c.var.auth.userId, params.id, body),
    ),
  }));
  mount(app, "tidyIdea", async (c, { params }) => {
    const result = await tidyIdea(c.var.deps, c.var.auth.userId, params.id);
    return {
      message: result.applied ? "已整理" : "已整理，你刚修改过这条想法，新版本可在整理记录中采用",
      data: result,
    };
  });
  mount(app, "listIdeaVersions", async (c, { params }) => ({
    data: await listVersions(c.var.deps.db, c.var.auth.userId, params.id),
  }));
  mount(app, "applyIdeaVersion", async (c, { params }) => ({
    message: "已采用此版本",
    data: await applyVersionById(c.var.deps.db, c.var.auth.userId, params.id, params.versionId),
  }));
  mount(app, "restoreIdeaOriginal", async (c, { params, body }) => ({
    message: "已恢复原文",
    data: await withAttachmentsOf(
      c.var.deps,
      c.var.auth.userId,
      await restoreOriginal(c.var.deps.db, c.var.auth.userId, params.id, body.baseUpdatedAt),
    ),
  }));
  mount(app, "deleteIdea", async (c, { params }) => {
    if (!(await trashIdea(c.var.deps.db, c.var.auth.userId, params.id))) throw notFound("想法不存在");
    return { message: "想法已移到回收站", data: null };
  });
}

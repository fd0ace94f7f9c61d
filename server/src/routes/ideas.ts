import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { tx } from "../db/pool.ts";
import { notFound } from "../errors.ts";
import { decodeCursor, pageFrom } from "../lib/cursor.ts";
import { mount } from "../lib/endpoint.ts";
import { applyVersionById, listVersions, tidyIdea, tidyInBackground } from "../services/ai/tidy.ts";
import {
  createIdea,
  deleteItem,
  findIdeaRow,
  IDEA_COLUMNS,
  type IdeaRow,
  newestRows,
  toIdea,
} from "../services/items.ts";
import { ideaVector } from "../services/text-index.ts";
import { getUser } from "../services/users.ts";

export function ideaRoutes(app: Hono<AppEnv>) {
  mount(app, "listIdeas", async (c, { query: q }) => {
    const cursor = decodeCursor(q.cursor, "uuid");
    const rows = await newestRows<IdeaRow>(c.var.deps.db, "ideas", c.var.auth.userId, { ...q, cursor });
    return { data: pageFrom(rows, q.limit, toIdea) };
  });
  // The contract lets a capture token make this one call.
  mount(app, "createIdea", async (c, { body: input }) => {
    const tags = input.tags ?? [];
    const { deps } = c.var;
    const userId = c.var.auth.userId;
    // 自动整理 needs a model, the user's setting on, and an idea the AI may read.
    const autoTidy =
      deps.config.ai !== null && !input.aiExcluded && (await getUser(deps.db, userId)).settings.autoTidy;
    const { row, created } = await createIdea(deps.db, userId, {
      content: input.content,
      tags,
      pinned: input.pinned ?? false,
      aiExcluded: input.aiExcluded ?? false,
      search: ideaVector({ title: "", content: input.content, originalContent: input.content, tags }),
      clientId: input.clientId ?? null,
      capturedAt: input.capturedAt ? new Date(input.capturedAt) : null,
      claimTidy: autoTidy,
    });
    const idea = toIdea(row);
    // A repeat of a capture already saved: nothing new, so nothing to tidy.
    if (!created) return { message: "这条想法已保存过", data: idea, status: 200 };
    if (autoTidy) tidyInBackground(deps, userId, idea.id);
    return { message: "想法已保存", data: idea };
  });
  mount(app, "getIdea", async (c, { params }) => {
    const row = await findIdeaRow(c.var.deps.db, c.var.auth.userId, params.id);
    return { data: toIdea(row) };
  });
  mount(app, "updateIdea", async (c, { params: { id }, body: patch }) => {
    const idea = await tx(c.var.deps.db, async (client) => {
      const cur = await findIdeaRow(client, c.var.auth.userId, id, true);
      const next = {
        title: patch.title ?? cur.title,
        content: patch.content ?? cur.content,
        tags: patch.tags ?? cur.tags,
        pinned: patch.pinned ?? cur.pinned,
        aiExcluded: patch.aiExcluded ?? cur.ai_excluded,
      };
      const updated = await client.query<IdeaRow>(
        `UPDATE ideas SET title = $3, content = $4, tags = $5, pinned = $6, ai_excluded = $7, search = $8::tsvector,
           ai_version_id = CASE WHEN $9 THEN NULL ELSE ai_version_id END, updated_at = now()
         WHERE id = $1 AND user_id = $2 RETURNING ${IDEA_COLUMNS}`,
        [
          id,
          c.var.auth.userId,
          next.title,
          next.content,
          next.tags,
          next.pinned,
          next.aiExcluded,
          ideaVector({ ...next, originalContent: cur.original_content }),
          // the user's own words now: no AI version is "current" any more
          next.title !== cur.title ||
            next.content !== cur.content ||
            next.tags.join("\n") !== cur.tags.join("\n"),
        ],
      );
      return toIdea(updated.rows[0]!);
    });
    return { message: "已保存", data: idea };
  });
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
  mount(app, "deleteIdea", async (c, { params }) => {
    if (!(await deleteItem(c.var.deps.db, c.var.auth.userId, "idea", params.id)))
      throw notFound("想法不存在");
    return { message: "想法已删除", data: null };
  });
}

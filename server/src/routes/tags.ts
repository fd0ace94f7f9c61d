import type { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { mount } from "../lib/endpoint.ts";
import { withSpelling } from "../services/tag-pinyin.ts";
import { listTags, renameTag } from "../stores/tags.ts";

export function tagRoutes(app: Hono<AppEnv>) {
  mount(app, "listTags", async (c) => ({
    data: { tags: await withSpelling(await listTags(c.var.deps.db, c.var.auth.userId)) },
  }));
  mount(app, "renameTag", async (c, { body }) => {
    const changed = await renameTag(c.var.deps.db, c.var.auth.userId, body);
    return { message: body.dryRun ? undefined : `已更新 ${changed} 条`, data: { changed } };
  });
}

import type { Mount } from "../http/mount.ts";
import { tagCleanup } from "./tag-cleanup.ts";
import { withSpelling } from "./tag-pinyin.ts";
import { listTags, renameTag } from "./tags.store.ts";

export function tagRoutes(mount: Mount) {
  mount("listTags", async ({ deps, userId }) => ({
    data: { tags: await withSpelling(await listTags(deps.db, userId)) },
  }));
  mount("renameTag", async ({ deps, userId, body }) => {
    const changed = await renameTag(deps.db, userId, body);
    return { message: body.dryRun ? undefined : `已更新 ${changed} 条`, data: { changed } };
  });
  mount("tagCleanup", async ({ deps, userId }) => ({ data: await tagCleanup(deps.db, userId) }));
}

import { withAttachmentsOf } from "../attachments/items.ts";
import type { Mount } from "../http/mount.ts";
import { applyVersionById, listVersions, restoreOriginal } from "./tidy.store.ts";
import { tidyIdea } from "./tidy.ts";

/** AI 整理 of an idea, its versions, and 恢复原文. */
export function tidyRoutes(mount: Mount) {
  mount("tidyIdea", async ({ deps, userId, params }) => {
    const result = await tidyIdea(deps, userId, params.id);
    return {
      message: result.applied ? "已整理" : "已整理，你刚修改过这条想法，新版本可在整理记录中采用",
      data: result,
    };
  });
  mount("listIdeaVersions", async ({ deps, userId, params }) => ({
    data: await listVersions(deps.db, userId, params.id),
  }));
  mount("applyIdeaVersion", async ({ deps, userId, params }) => ({
    message: "已采用此版本",
    data: await applyVersionById(deps.db, userId, params.id, params.versionId),
  }));
  mount("restoreIdeaOriginal", async ({ deps, userId, params, body }) => ({
    message: "已恢复原文",
    data: await withAttachmentsOf(
      deps,
      userId,
      await restoreOriginal(deps.db, userId, params.id, body.baseUpdatedAt),
    ),
  }));
}

import { withAttachments, withAttachmentsOf } from "../attachments/items.ts";
import { notFound } from "../errors.ts";
import { decodeCursor } from "../http/cursor.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { withAnnotationCounts } from "./annotations.store.ts";
import { setArchived } from "./archive.store.ts";
import { captureIdea } from "./capture.ts";
import { getIdea, listIdeas, updateIdea } from "./ideas.store.ts";
import { trashIdea } from "./trash.store.ts";

export function ideaRoutes(mount: Mount) {
  mount("listIdeas", async ({ deps, userId, query: q }) => {
    const page = await listIdeas(deps.db, userId, { ...q, cursor: decodeCursor(q.cursor, "uuid") });
    const items = await withAnnotationCounts(deps.db, userId, page.items);
    return { data: { ...page, items: await withAttachments(deps, userId, items) } };
  });
  // The contract lets a capture token make this one call.
  mount("createIdea", async ({ deps, userId, auth, body }) => {
    await limitWrites(deps, userId, "captures");
    const { idea: captured, created } = await captureIdea(deps, auth, body);
    const made = created
      ? { ...captured, annotationCount: 0 }
      : (await withAnnotationCounts(deps.db, userId, [captured]))[0]!;
    // a new idea has the files it was sent; a repeat may have others, saved the first time
    const idea =
      created && !body.attachmentIds?.length
        ? { ...made, attachments: [] }
        : await withAttachmentsOf(deps, userId, made);
    if (!created) return { message: "这条想法已保存过", data: idea, status: 200 };
    return { message: "想法已保存", data: idea };
  });
  mount("getIdea", async ({ deps, userId, params }) => {
    const [idea] = await withAnnotationCounts(deps.db, userId, [await getIdea(deps.db, userId, params.id)]);
    return { data: await withAttachmentsOf(deps, userId, idea!) };
  });
  mount("updateIdea", async ({ deps, userId, params, body }) => {
    const updated = await updateIdea(deps.db, deps.config.quota, userId, params.id, body);
    const [idea] = await withAnnotationCounts(deps.db, userId, [updated]);
    return { message: "已保存", data: await withAttachmentsOf(deps, userId, idea!) };
  });
  mount("deleteIdea", async ({ deps, userId, params }) => {
    if (!(await trashIdea(deps.db, userId, params.id))) throw notFound("想法不存在");
    return { message: "想法已移到回收站", data: null };
  });
  mount("archiveIdea", async ({ deps, userId, params }) => ({
    message: "已归档",
    data: await setArchived(deps.db, userId, "idea", params.id, true),
  }));
  mount("unarchiveIdea", async ({ deps, userId, params }) => ({
    message: "已取消归档",
    data: await setArchived(deps.db, userId, "idea", params.id, false),
  }));
}

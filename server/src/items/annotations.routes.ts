import { withAttachments, withAttachmentsOf } from "../attachments/items.ts";
import type { Mount } from "../http/mount.ts";
import { limitWrites } from "../points/write-limits.ts";
import { createAnnotation, listAnnotations } from "./annotations.store.ts";

export function annotationRoutes(mount: Mount) {
  mount("listAnnotations", async ({ deps, userId, params }) => ({
    data: { items: await withAttachments(deps, userId, await listAnnotations(deps.db, userId, params.id)) },
  }));
  // a 批注 is a capture of its own: the same write limit as ideas
  mount("createAnnotation", async ({ deps, userId, params, body }) => {
    await limitWrites(deps, userId, "captures", "追加批注");
    const { annotation, created } = await createAnnotation(deps.db, deps.config.quota, userId, params.id, {
      content: body.content,
      clientId: body.clientId ?? null,
      capturedAt: body.capturedAt ? new Date(body.capturedAt) : null,
      attachmentIds: body.attachmentIds,
    });
    const data = await withAttachmentsOf(deps, userId, annotation);
    if (!created) return { message: "这条批注已保存过", data, status: 200 };
    return { message: "批注已保存", data };
  });
}

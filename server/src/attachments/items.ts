import type { Attachment } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { attachmentsOfItems } from "./attachments.store.ts";
import { withUrls } from "./signed-urls.ts";

/** Items with their files (`attachments`, freshly signed URLs; empty when none): one query for all. */
export async function withAttachments<T extends { id: string }>(
  deps: AppDeps,
  userId: string,
  items: T[],
): Promise<(T & { attachments: Attachment[] })[]> {
  const metas = await attachmentsOfItems(
    deps.db,
    userId,
    items.map((i) => i.id),
  );
  const signed = await withUrls(deps, metas);
  const byItem = new Map<string, Attachment[]>();
  metas.forEach((m, i) => {
    const list = byItem.get(m.item_id!) ?? [];
    list.push(signed[i]!);
    byItem.set(m.item_id!, list);
  });
  return items.map((item) => ({ ...item, attachments: byItem.get(item.id) ?? [] }));
}

export const withAttachmentsOf = async <T extends { id: string }>(deps: AppDeps, userId: string, item: T) =>
  (await withAttachments(deps, userId, [item]))[0]!;

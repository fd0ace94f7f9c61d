import type { Idea, Note } from "@shinian/contract";
import { queryOptions } from "@tanstack/react-query";
import { fetchVersions } from "../api/ai.ts";
import { isNoResponse } from "../api/client.ts";
import { fetchIdea, fetchNote } from "../api/items.ts";
import { fetchRelated } from "../api/search.ts";
import { tokenStore } from "../auth/token-store.ts";
import { keepItem, readItem } from "../lib/offline-copies.ts";

export type ItemKind = "idea" | "note";
export type LoadedItem = { kind: "idea"; item: Idea } | { kind: "note"; item: Note };
/** `offline`: the copy kept when the item was last opened, shown while the network is away. */
export type ShownItem = LoadedItem & { offline?: true };

/** Query keys of ideas and notes; saves write the answer back under these keys. */
export const itemKeys = {
  item: (kind: ItemKind, id: string) => [kind === "idea" ? "ideas" : "notes", id] as const,
  versions: (id: string) => ["ideas", id, "versions"] as const,
  related: (kind: ItemKind, id: string, version: string) => ["related", kind, id, version] as const,
};

async function loadItem(kind: ItemKind, id: string): Promise<ShownItem> {
  const userId = tokenStore.get().user?.id;
  try {
    const loaded: LoadedItem =
      kind === "idea" ? { kind, item: await fetchIdea(id) } : { kind, item: await fetchNote(id) };
    if (userId) void keepItem(userId, loaded).catch(() => undefined);
    return loaded;
  } catch (error) {
    const kept =
      userId && isNoResponse(error)
        ? await readItem<LoadedItem>(userId, kind, id).catch(() => undefined)
        : undefined;
    if (kept) return { ...kept, offline: true };
    throw error;
  }
}

export const itemQuery = (kind: ItemKind, id: string) =>
  queryOptions({
    queryKey: itemKeys.item(kind, id),
    queryFn: () => loadItem(kind, id),
    // Offline the query still runs, so the kept copy shows (useItem reads it again once online).
    networkMode: "always",
    staleTime: (query) => (query.state.data?.offline ? 0 : 30_000),
  });

export const ideaVersionsQuery = (id: string) =>
  queryOptions({ queryKey: itemKeys.versions(id), queryFn: () => fetchVersions(id) });

/**
 * 相关内容: the person's other items sharing the item's telling words (at most 5), asked again
 * for each saved `version` (updatedAt) of the item, whose words may have changed.
 */
export const relatedQuery = (kind: ItemKind, id: string, version: string) =>
  queryOptions({
    queryKey: itemKeys.related(kind, id, version),
    queryFn: () => fetchRelated(kind, id).then((r) => r.items),
  });

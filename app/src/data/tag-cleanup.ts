import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";
import { fetchTags, renameTag } from "../api/tags.ts";

/** 标签整理's groups and singletons, and the tag list its rename dialog tells a merge by. */
export const tagCleanupKeys = { cleanup: ["tags", "cleanup"] as const, list: ["tags", "list"] as const };

export const tagCleanupQuery = queryOptions({
  queryKey: tagCleanupKeys.cleanup,
  queryFn: () => call("tagCleanup"),
  // tags change with every capture: the page opened again shows them as they are
  staleTime: 0,
});

export const tagListQuery = queryOptions({ queryKey: tagCleanupKeys.list, queryFn: fetchTags, staleTime: 0 });

/**
 * Merges each of `from` into `into` with the one rename there is (POST /api/tags/rename), one after
 * another: a rename locks the account's tags, so at once they would only wait for each other.
 */
export async function mergeTags(into: string, from: readonly string[]) {
  for (const tag of from) await renameTag({ from: tag, to: into });
}

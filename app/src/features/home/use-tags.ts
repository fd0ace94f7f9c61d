import type { TagCount } from "@shinian/contract";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { fetchTags } from "../../api/tags.ts";

/**
 * The tag list with counts, loaded again whenever `version` changes (after a capture or a rename).
 * A hook of its own rather than TanStack Query: 首页 keeps Query out of its first screen's budget
 * (app/docs/decisions.md).
 */
export function useTags(version: number) {
  const [tags, setTags] = React.useState<TagCount[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload signal
  React.useEffect(() => {
    let live = true;
    fetchTags().then(
      (list) => {
        if (!live) return;
        setTags(list);
        setError(null);
      },
      (e: unknown) => live && setError(errorMessage(e, "标签加载失败")),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return { tags, error };
}

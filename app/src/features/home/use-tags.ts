import type { TagCount } from "@shinian/contract";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { fetchTags } from "../../api/tags.ts";
import { useOnline } from "../../hooks/use-online.ts";

/**
 * The tag list with counts, loaded again whenever `version` changes (after a capture or a rename)
 * and when the connection returns. Offline it keeps what it has and reports no error: a failed
 * request then says nothing the 你已离线 notice does not. A hook of its own rather than TanStack
 * Query: 首页 keeps Query out of its first screen's budget (app/docs/decisions.md).
 */
export function useTags(version: number) {
  const online = useOnline();
  const [tags, setTags] = React.useState<TagCount[] | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload signal
  React.useEffect(() => {
    if (!online) return;
    let live = true;
    fetchTags().then(
      (list) => {
        if (!live) return;
        setTags(list);
        setError(null);
      },
      (e: unknown) => live && setError(navigator.onLine ? errorMessage(e, "标签加载失败") : null),
    );
    return () => {
      live = false;
    };
  }, [version, online]);
  return { tags, error: online ? error : null, offline: !online };
}

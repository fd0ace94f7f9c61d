import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

export type TimelineBy = { tag?: string | undefined; q?: string | undefined };

/** 演变: the items under a tag or found by a query, oldest first. */
export const timelineQuery = (by: TimelineBy) =>
  queryOptions({
    queryKey: ["timeline", by.tag ?? null, by.q ?? null] as const,
    queryFn: () => call("timeline", { query: { tag: by.tag, q: by.q } }),
    // captures and 批注 made elsewhere show when the page is opened again
    staleTime: 0,
  });

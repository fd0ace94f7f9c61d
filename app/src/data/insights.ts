import type { CreateInsightRequest, InsightScope } from "@shinian/contract";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 洞察: the reports, what one would cost, and running, reading and deleting them. */
export const insightKeys = {
  all: ["insights"] as const,
  list: (q: string) => ["insights", "list", q] as const,
  one: (id: string) => ["insights", "one", id] as const,
  price: (scope: InsightScope) => ["insights", "price", scope] as const,
};

export const insightListQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: insightKeys.list(q),
    queryFn: ({ pageParam }) =>
      call("listInsights", { query: { q: q || undefined, cursor: pageParam ?? undefined, limit: 20 } }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const insightQuery = (id: string) =>
  queryOptions({ queryKey: insightKeys.one(id), queryFn: () => call("getInsight", { params: { id } }) });

export const insightPriceQuery = (scope: InsightScope) =>
  queryOptions({
    queryKey: insightKeys.price(scope),
    queryFn: () => call("insightPrice", { query: scope }),
    // the scope's items change as the person writes: ask again when the form is opened again
    staleTime: 0,
  });

/** Runs one: the model takes a while, so the request may too. */
export const createInsight = (body: CreateInsightRequest) =>
  call("createInsight", { body, timeoutMs: 5 * 60_000 });

export const deleteInsight = (id: string) => call("deleteInsight", { params: { id } });

/** 让 AI 助手参考这份洞察: on or off. */
export const setInsightGrounding = (id: string, aiGrounding: boolean) =>
  call("updateInsight", { params: { id }, body: { aiGrounding } });

/** A digest opened: read from now on; how many are still unread (the navigation's badge). */
export const markInsightRead = (id: string) => call("markInsightRead", { params: { id } });

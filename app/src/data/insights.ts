import type { CreateInsightRequest, InsightPrice, InsightScope } from "@shinian/contract";
import { INSIGHT_MIN_ITEMS } from "@shinian/contract/insight-lenses";
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

/**
 * What the scope holds and what a run will cost, said before it runs (洞察's price line and 演变's).
 * Here, in the module both pages load already, so that sharing it makes no chunk of its own.
 */
export const insightPriceText = (price: InsightPrice) =>
  !price.available
    ? "洞察需要 AI 服务，这台服务器没有配置（本地模式）。"
    : price.tooFew
      ? `这个范围里只有 ${price.items} 条 AI 可以读取的记录，至少要 ${INSIGHT_MIN_ITEMS} 条才能生成洞察。`
      : `将读取 ${price.items} 条记录${price.capped ? "（只取最近的）" : ""}，不让AI读取的不算。生成需要 ${price.points} 点，当前余额 ${price.balance} 点${price.balance < price.points ? "，点数不足" : ""}。`;

/** 让 AI 助手参考这份洞察: on or off. */
export const setInsightGrounding = (id: string, aiGrounding: boolean) =>
  call("updateInsight", { params: { id }, body: { aiGrounding } });

/** A digest opened: read from now on; how many are still unread (the navigation's badge). */
export const markInsightRead = (id: string) => call("markInsightRead", { params: { id } });

import { queryOptions } from "@tanstack/react-query";
import { call } from "../api/client.ts";

/** 统计: a year of captures per day, the streak, months and top tags. */
export const statsQuery = queryOptions({
  queryKey: ["stats"] as const,
  queryFn: () => call("getStats"),
  // a capture made elsewhere shows when the page is opened again
  staleTime: 0,
});

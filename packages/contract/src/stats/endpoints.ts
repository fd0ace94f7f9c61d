import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { StatsSchema } from "./schemas.ts";

/** 统计: the heatmap of captures and a few numbers. */
export const statsEndpoints = {
  getStats: {
    ...routes.getStats,
    tag: "统计",
    summary:
      "记录统计：近 12 个月（本月与之前的 11 个月，自 11 个月前那个月的 1 日起，北京时间）每天的想法与笔记数、连续记录天数（今天还没有记录时算到昨天）、每月记录数与最常用的标签；回收站里的不计",
    auth: true,
    token: "read",
    data: StatsSchema,
  },
} satisfies WingEndpoints<"stats">;

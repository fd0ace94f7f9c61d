import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import { StatsSchema } from "./schemas.ts";

/** 统计: the heatmap of captures and a few numbers. */
export const statsEndpoints = {
  getStats: {
    ...routes.getStats,
    tag: "统计",
    summary:
      "记录统计：近一年（今天与之前的 364 天，北京时间；第一个月只算其中的日子）每天的想法与笔记数、连续记录天数（今天还没有记录时算到昨天）、每月记录数与最常用的标签；回收站里的不计",
    auth: true,
    token: "read",
    data: StatsSchema,
  },
} satisfies WingEndpoints<"stats">;

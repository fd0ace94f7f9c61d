import type { WingEndpoints } from "../endpoint.ts";
import { routes } from "../routes.ts";
import {
  CreateInsightRequestSchema,
  CreateInsightResultSchema,
  InsightListQuerySchema,
  InsightPageSchema,
  InsightPriceQuerySchema,
  InsightPriceSchema,
  InsightReadSchema,
  InsightSchema,
  UpdateInsightRequestSchema,
} from "./schemas.ts";
import { TimelineQuerySchema, TimelineSchema } from "./timeline.ts";

/** 洞察: AI reports over a scope of ideas and notes, kept apart from them. */
export const insightEndpoints = {
  listInsights: {
    ...routes.listInsights,
    tag: "洞察",
    summary: "洞察列表（新的在前；q 按标题搜索）",
    auth: true,
    token: "read",
    query: InsightListQuerySchema,
    data: InsightPageSchema,
    errors: [400],
  },
  insightPrice: {
    ...routes.insightPrice,
    tag: "洞察",
    summary: "生成前的价格：范围内可读取的记录数与所需点数（不让AI读取的、回收站里的不计）",
    auth: true,
    query: InsightPriceQuerySchema,
    data: InsightPriceSchema,
    errors: [400],
  },
  createInsight: {
    ...routes.createInsight,
    tag: "洞察",
    summary:
      "生成洞察：按范围（标签、搜索词、北京时间的日期、最近几条）与视角（含演变）由 AI 写成报告并保存；只保留对范围内记录的引用；记录少于 3 条时不调用 AI、不扣点数",
    auth: true,
    body: CreateInsightRequestSchema,
    data: CreateInsightResultSchema,
    status: 201,
    errors: [400, 402, 409, 429, 503],
  },
  getInsight: {
    ...routes.getInsight,
    tag: "洞察",
    summary: "洞察详情（正文与引用的记录）",
    auth: true,
    token: "read",
    data: InsightSchema,
    errors: [404],
  },
  deleteInsight: {
    ...routes.deleteInsight,
    tag: "洞察",
    summary: "删除洞察（引用的记录不受影响）",
    auth: true,
    data: null,
    errors: [404],
  },
  timeline: {
    ...routes.timeline,
    tag: "洞察",
    summary:
      "演变：某个标签下（含下级标签）或与搜索词匹配的想法与笔记（两者都给时取标签下匹配的），按时间从早到晚；最多 200 条（按标签取最新的，按搜索词取最相关的）",
    auth: true,
    token: "read",
    query: TimelineQuerySchema,
    data: TimelineSchema,
    errors: [400],
  },
  updateInsight: {
    ...routes.updateInsight,
    tag: "洞察",
    summary: "让 AI 助手参考这份洞察（aiGrounding，默认关闭）：打开后，对话在相关时可以把它作为资料引用",
    auth: true,
    body: UpdateInsightRequestSchema,
    data: InsightSchema,
    errors: [400, 404],
  },
  markInsightRead: {
    ...routes.markInsightRead,
    tag: "洞察",
    summary: "标记周报/月报为已读（打开时调用；对自己生成的洞察无影响），返回仍未读的份数",
    auth: true,
    data: InsightReadSchema,
    errors: [404],
  },
} satisfies WingEndpoints<"insights">;

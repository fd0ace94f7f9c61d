import { z } from "zod";
import { CitationSchema } from "../ai/schemas.ts";
import { CursorSchema, IdSchema, LimitSchema, pageOf, TagSchema, TimestampSchema } from "../common.ts";
import { INSIGHT_KINDS } from "./digests.ts";
import { INSIGHT_LENSES, INSIGHT_MAX_ITEMS, INSIGHT_PROMPT_MAX } from "./lenses.ts";
import { TimelineSearchSchema } from "./timeline.ts";

export * from "./digests.ts";
export * from "./lenses.ts";

export const InsightLensSchema = z.enum(INSIGHT_LENSES, { message: "请选择一种视角" });

/** A day that exists (2025-02-29 does not), written YYYY-MM-DD. */
const DaySchema = z.iso.date({ message: "日期不存在，或不是 YYYY-MM-DD 格式" });

/**
 * Which items a 洞察 reads: under a tag (or a tag below it), found by a search query `q` (as the
 * 演变 timeline finds them: the best matching), captured from `from` through `to`
 * (Beijing days, both included), the newest `last`; what is given combines (AND), at least one
 * is needed. Never an item marked 不让AI读取 nor one in 回收站; at most INSIGHT_MAX_ITEMS, newest.
 */
export const InsightScopeSchema = z
  .strictObject({
    tag: TagSchema.optional(),
    q: TimelineSearchSchema.optional(),
    from: DaySchema.optional(),
    to: DaySchema.optional(),
    last: z.coerce
      .number({ message: "条数应为数字" })
      .int({ message: "条数应为整数" })
      .min(1, { message: "条数至少为 1" })
      .max(INSIGHT_MAX_ITEMS, { message: `条数最多为 ${INSIGHT_MAX_ITEMS}` })
      .optional(),
  })
  .refine(
    (s) =>
      s.tag !== undefined ||
      s.q !== undefined ||
      s.from !== undefined ||
      s.to !== undefined ||
      s.last !== undefined,
    { message: "请选择范围：标签、搜索词、日期或最近几条" },
  )
  .refine((s) => !s.from || !s.to || s.from <= s.to, { message: "开始日期不能晚于结束日期", path: ["to"] });
export type InsightScope = z.infer<typeof InsightScopeSchema>;

export const CreateInsightRequestSchema = z
  .strictObject({
    scope: InsightScopeSchema,
    lens: InsightLensSchema,
    prompt: z
      .string()
      .trim()
      .max(INSIGHT_PROMPT_MAX, { message: `提示最多 ${INSIGHT_PROMPT_MAX} 个字符` })
      .optional(),
  })
  .refine((r) => r.lens !== "custom" || (r.prompt ?? "").length > 0, {
    message: "自定义视角需要写下你的提示",
    path: ["prompt"],
  });
export type CreateInsightRequest = z.input<typeof CreateInsightRequestSchema>;

/** A saved 洞察: a report kept apart from ideas and notes, never in the assistant's grounding. */
export const InsightSchema = z.object({
  id: IdSchema,
  title: z.string(),
  lens: InsightLensSchema,
  prompt: z.string().nullable(),
  scope: InsightScopeSchema,
  /** Markdown; `[n]` cites `citations`' item with that `ref`. */
  body: z.string(),
  /** The items the body cites, every one inside the scope (the server drops any other). */
  citations: z.array(CitationSchema),
  /** How many items the scope held when it was read. */
  itemCount: z.number().int(),
  /** Whether the assistant may read it; false unless the person opts it in. */
  aiGrounding: z.boolean(),
  createdAt: TimestampSchema,
  /** `digest`: drawn by the server for a week or a month (周报/月报), the others run by the person. */
  kind: z.enum(INSIGHT_KINDS),
  /** When a digest was first opened; null while unread (and always for a person's own 洞察). */
  readAt: TimestampSchema.nullable(),
});
export type Insight = z.infer<typeof InsightSchema>;

/** PATCH /api/insights/{id}: whether the assistant may read this 洞察 (让 AI 助手参考这份洞察). */
export const UpdateInsightRequestSchema = z.strictObject({
  aiGrounding: z.boolean({ message: "aiGrounding 须为 true 或 false" }),
});
export type UpdateInsightRequest = z.input<typeof UpdateInsightRequestSchema>;

/** POST /api/insights/{id}/read: how many digests are still unread (the navigation's badge). */
export const InsightReadSchema = z.object({ unreadDigests: z.number().int() });
export type InsightRead = z.infer<typeof InsightReadSchema>;

/** A list entry, as every list answer: `type`, `id`, `title`, `excerpt`, `createdAt`. */
export const InsightSummarySchema = z.object({
  type: z.literal("insight"),
  id: IdSchema,
  title: z.string(),
  excerpt: z.string(),
  lens: InsightLensSchema,
  createdAt: TimestampSchema,
  kind: z.enum(INSIGHT_KINDS),
  /** A digest not opened yet. */
  unread: z.boolean(),
});
export type InsightSummary = z.infer<typeof InsightSummarySchema>;
export const InsightPageSchema = pageOf(InsightSummarySchema);

export const InsightListQuerySchema = z.strictObject({
  q: z.string().trim().max(100, { message: "搜索词最多 100 个字符" }).optional(),
  cursor: CursorSchema.optional(),
  limit: LimitSchema,
});

/** The scope as a query string (GET /api/insights/price?tag=…&last=…). */
export const InsightPriceQuerySchema = InsightScopeSchema;

/** What running a 洞察 over a scope would cost, shown before it runs. */
export const InsightPriceSchema = z.object({
  /** Items the scope holds now (at most INSIGHT_MAX_ITEMS). */
  items: z.number().int(),
  /** The scope held more than INSIGHT_MAX_ITEMS: the newest are read. */
  capped: z.boolean(),
  /** Points the run would take (0 when there are too few items). */
  points: z.number().int(),
  balance: z.number().int(),
  /** Fewer than INSIGHT_MIN_ITEMS: the run refuses (400) without asking the AI or charging. */
  tooFew: z.boolean(),
  /** No AI provider (本地模式): a 洞察 cannot be written. */
  available: z.boolean(),
});
export type InsightPrice = z.infer<typeof InsightPriceSchema>;

/** POST /api/insights: the saved 洞察, what it cost and the balance after. */
export const CreateInsightResultSchema = z.object({
  insight: InsightSchema,
  points: z.number().int(),
  balance: z.number().int(),
});
export type CreateInsightResult = z.infer<typeof CreateInsightResultSchema>;

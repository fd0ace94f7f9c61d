import { z } from "zod";
import { IdSchema, TagSchema, TimestampSchema } from "../common.ts";
import { ResolvedLinkSchema } from "../links/schemas.ts";

/** How many items a timeline holds at most: past it, the newest (`truncated`). */
export const TIMELINE_MAX_ITEMS = 200;
/** How many of an item's own links a timeline names (`linkCount` counts them all). */
export const TIMELINE_LINKS_PER_ITEM = 5;

/** A search query as the timeline and a 洞察's scope take it. */
export const TimelineSearchSchema = z
  .string()
  .trim()
  .min(1, { message: "请输入搜索词" })
  .max(100, { message: "搜索词最多 100 个字符" });

/** 演变: the items under a tag, or matching a query, or both (matching the query, under the tag), by date. */
export const TimelineQuerySchema = z
  .strictObject({
    tag: TagSchema.optional(),
    q: TimelineSearchSchema.optional(),
  })
  .refine((v) => v.tag !== undefined || v.q !== undefined, { message: "请给出标签（tag）或搜索词（q）" });

export const TimelineItemSchema = z.object({
  type: z.enum(["idea", "note"]),
  id: IdSchema,
  title: z.string(),
  excerpt: z.string(),
  createdAt: TimestampSchema,
  /** How many 批注 the idea has (a note has none). */
  annotationCount: z.number().int().nonnegative(),
  /** Items its text links to, at most TIMELINE_LINKS_PER_ITEM, each as it is now (live, in 回收站, deleted). */
  links: z.array(ResolvedLinkSchema),
  /** How many items its text links to. */
  linkCount: z.number().int().nonnegative(),
  /** How many live items link to it (被引用). */
  backlinkCount: z.number().int().nonnegative(),
});
export type TimelineItem = z.infer<typeof TimelineItemSchema>;

export const TimelineSchema = z.object({
  /** Oldest first; items in 回收站 are not here. */
  items: z.array(TimelineItemSchema),
  /** More matched than TIMELINE_MAX_ITEMS: only the newest (by tag) or best matching (by query) are here. */
  truncated: z.boolean(),
});
export type Timeline = z.infer<typeof TimelineSchema>;

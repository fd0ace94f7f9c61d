import { z } from "zod";
import { IdSchema } from "../common.ts";
import { REVIEW_COUNT_MAX, REVIEW_COUNT_MIN } from "../constants.ts";
import { FeedItemSchema } from "../items/schemas.ts";

/** A day in Beijing time (Asia/Shanghai), `YYYY-MM-DD`: the day 每日回顾 and 那年今日 are about. */
export const ReviewDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** 每日回顾: the day's set, fixed for the day; `done` lists the ids marked 记住了 (in the order marked). */
export const ReviewTodaySchema = z.object({
  date: ReviewDateSchema,
  /** Ideas and notes in the feed's shape; an item trashed or excluded since the set was made is left out. */
  items: z.array(FeedItemSchema),
  done: z.array(IdSchema),
});
export type ReviewToday = z.infer<typeof ReviewTodaySchema>;

/** What 记住了 answers: the day's `done` after it. */
export const ReviewDoneSchema = z.object({ done: z.array(IdSchema) });

export const ReviewExcludedSchema = z.object({ excluded: z.boolean() });
export type ReviewExcluded = z.infer<typeof ReviewExcludedSchema>;

/**
 * 那年今日: what was captured on this month-day in earlier years (`unit: "year"`); when there is
 * none, on this day of the earlier months of the past year (`unit: "month"`). A day that the
 * current month lacks (29 February in a common year, the 31st of a 30-day month) shows on its last day.
 */
export const OnThisDaySchema = z.object({
  date: ReviewDateSchema,
  unit: z.enum(["year", "month"]),
  items: z.array(FeedItemSchema),
});
export type OnThisDay = z.infer<typeof OnThisDaySchema>;

export const ReviewCountSchema = z
  .number({ message: "每日回顾的条数须为整数" })
  .int({ message: "每日回顾的条数须为整数" })
  .min(REVIEW_COUNT_MIN, { message: `每日回顾的条数须为 ${REVIEW_COUNT_MIN}–${REVIEW_COUNT_MAX}` })
  .max(REVIEW_COUNT_MAX, { message: `每日回顾的条数须为 ${REVIEW_COUNT_MIN}–${REVIEW_COUNT_MAX}` });

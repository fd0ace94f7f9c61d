import { z } from "zod";

/** How many tags `byTag` lists at most. */
export const STATS_TOP_TAGS = 10;

const Count = z.number().int().nonnegative();

/** A day in Beijing time (Asia/Shanghai), `YYYY-MM-DD`. */
export const StatsDaySchema = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), count: Count });
export type StatsDay = z.infer<typeof StatsDaySchema>;

export const StatsMonthSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count: Count });
export type StatsMonth = z.infer<typeof StatsMonthSchema>;

export const StatsTagSchema = z.object({ tag: z.string(), count: Count });
export type StatsTag = z.infer<typeof StatsTagSchema>;

/**
 * The person's captures (ideas and notes, archived ones included; items in 回收站 are not) over
 * the last year, by the day they were captured in Beijing time. The year runs from the 1st of the
 * month twelve months before the current one through today, so that its first month is whole.
 */
export const StatsSchema = z.object({
  /** Every day of the year, oldest first, days without a capture included (count 0); the last is today. */
  days: z.array(StatsDaySchema),
  /**
   * Consecutive days with at least one capture, ending today; while nothing has been captured yet
   * today, ending yesterday (a streak is not broken before the day is over). 0 when neither day has
   * one. Counted over the whole history, not only the year.
   */
  streak: Count,
  /** The year's 13 months, oldest first, `YYYY-MM`, months without a capture included. */
  byMonth: z.array(StatsMonthSchema),
  /**
   * The tags (as written, `读书/小说` apart from `读书`) most used in the year's captures, at most
   * STATS_TOP_TAGS: the most used first, equal counts by tag.
   */
  byTag: z.array(StatsTagSchema),
});
export type Stats = z.infer<typeof StatsSchema>;

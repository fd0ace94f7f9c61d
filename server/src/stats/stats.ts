import { STATS_TOP_TAGS, type Stats } from "@shinian/contract";
import type { AppDeps } from "../context.ts";
import { addDays, beijingDay } from "../shared/beijing-time.ts";
import { captureDays, streakEnding, topTags } from "./stats.store.ts";

/** 统计 covers the last year: today and the 364 days before it (its first month is a part of one). */
const DAYS = 365;

/** Every day from `from` through `to`, with its count from `counted` or 0. */
function everyDay(from: string, to: string, counted: { date: string; count: number }[]) {
  const byDate = new Map(counted.map((d) => [d.date, d.count]));
  const days: Stats["days"] = [];
  for (let day = from; day <= to; day = addDays(day, 1))
    days.push({ date: day, count: byDate.get(day) ?? 0 });
  return days;
}

function byMonth(days: Stats["days"]): Stats["byMonth"] {
  const months = new Map<string, number>();
  for (const { date, count } of days) {
    const month = date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + count);
  }
  return [...months].map(([month, count]) => ({ month, count }));
}

/** The person's 统计 as of today in Beijing, by the app's clock. */
export async function stats(deps: AppDeps, userId: string): Promise<Stats> {
  const today = beijingDay(deps.clock());
  const from = addDays(today, 1 - DAYS);
  const [counted, tags] = await Promise.all([
    captureDays(deps.db, userId, from, today),
    topTags(deps.db, userId, from, today, STATS_TOP_TAGS),
  ]);
  const days = everyDay(from, today, counted);
  // nothing yet today: the streak runs up to yesterday, and today may still carry it on
  const capturedToday = days.at(-1)!.count > 0;
  const streak = await streakEnding(deps.db, userId, capturedToday ? today : addDays(today, -1));
  return { days, streak, byMonth: byMonth(days), byTag: tags };
}

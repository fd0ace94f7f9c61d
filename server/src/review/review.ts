import type { OnThisDay, ReviewToday } from "@shinian/contract";
import { getUser } from "../accounts/accounts.store.ts";
import type { AppDeps } from "../context.ts";
import { beijingDay, sameDayInEarlierMonths, sameDayInEarlierYears } from "../shared/beijing-time.ts";
import { capturedOn, drawReviewDay, findReviewDay, reviewableItems } from "./review.store.ts";

/** 那年今日 looks this many years back, and this many months when no earlier year has anything. */
const YEARS_BACK = 50;
const MONTHS_BACK = 11;

/** Today's day in Beijing time, by the app's clock. */
export const reviewDay = (deps: AppDeps) => beijingDay(deps.clock());

/**
 * The day's set: drawn on the first ask of the day (by any device or process), then the same all
 * day; drawn again while it is empty, so that items imported since count today (drawReviewDay).
 */
export async function reviewToday(
  deps: AppDeps,
  userId: string,
  day = reviewDay(deps),
): Promise<ReviewToday> {
  let set = await findReviewDay(deps.db, userId, day);
  if (!set || set.itemIds.length === 0) {
    const { settings } = await getUser(deps.db, userId);
    await drawReviewDay(deps.db, userId, day, settings.reviewCount);
    set = (await findReviewDay(deps.db, userId, day))!;
  }
  const items = await reviewableItems(deps.db, userId, set.itemIds);
  const shown = new Set(items.map((i) => i.id));
  return { date: day, items, done: set.doneIds.filter((id) => shown.has(id)) };
}

/** `day`: the push sweep's claimed day, read once per run (else today's, by the app's clock). */
export async function onThisDay(deps: AppDeps, userId: string, day = reviewDay(deps)): Promise<OnThisDay> {
  const years = await capturedOn(deps.db, userId, sameDayInEarlierYears(day, YEARS_BACK));
  if (years.length) return { date: day, unit: "year", items: years };
  return {
    date: day,
    unit: "month",
    items: await capturedOn(deps.db, userId, sameDayInEarlierMonths(day, MONTHS_BACK)),
  };
}

import { addDays, beijingDay, firstOfMonthBefore } from "../shared/beijing-time.ts";

/** One digest's period: Beijing days `from` through `to`, both included, and its key in `digests`. */
export type DigestPeriod = { key: string; from: string; to: string; label: string };

const HOUR = 3_600_000;

/**
 * The latest week (Monday to Sunday) whose digest is due at `now`: from Sunday 20:00 Beijing on,
 * that Sunday's week; before it, the week before. Read 4 hours later, Sunday 20:00 is Monday 00:00.
 */
export function latestWeek(now: Date): DigestPeriod {
  const day = beijingDay(new Date(now.getTime() + 4 * HOUR));
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(day, -sinceMonday - 7);
  const to = addDays(from, 6);
  const [, fm, fd] = from.split("-").map(Number);
  const [, tm, td] = to.split("-").map(Number);
  return { key: `week:${from}`, from, to, label: `${fm}月${fd}日至${tm}月${td}日这一周` };
}

/**
 * The latest month whose digest is due at `now`: from the 1st 08:00 Beijing on, the month before;
 * before it, the one before that. Read 8 hours earlier, the 1st 08:00 is the 1st 00:00.
 */
export function latestMonth(now: Date): DigestPeriod {
  const day = beijingDay(new Date(now.getTime() - 8 * HOUR));
  const from = firstOfMonthBefore(day, 1);
  const to = addDays(firstOfMonthBefore(day, 0), -1);
  const [y, m] = from.split("-").map(Number);
  return { key: `month:${from.slice(0, 7)}`, from, to, label: `${y}年${m}月` };
}

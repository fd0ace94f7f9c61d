/**
 * What the evaluation computes: recall@k and reciprocal rank of a ranked list against the labels,
 * related-items recall, and the Beijing days a time expression asks about. Plain functions, so the
 * test checks them on cases small enough to work out by hand.
 */
import type { TimeExpression } from "./search-set.ts";

/**
 * The share of the relevant items found in the first k. With more than k relevant items a perfect
 * list finds k of them, so the denominator is min(relevant, k): 1 means "as good as k allows".
 */
export function recallAt(k: number, ranked: string[], relevant: string[]): number {
  if (relevant.length === 0) return 0;
  const wanted = new Set(relevant);
  const found = ranked.slice(0, k).filter((key) => wanted.has(key)).length;
  return found / Math.min(relevant.length, k);
}

/** 1 / the rank of the first relevant item within the first k, 0 when none is there. */
export function reciprocalRank(k: number, ranked: string[], relevant: string[]): number {
  const wanted = new Set(relevant);
  const at = ranked.slice(0, k).findIndex((key) => wanted.has(key));
  return at < 0 ? 0 : 1 / (at + 1);
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

/**
 * Related recall@5 of one group: each member in turn is the item shown, and the others are what its
 * related list should hold (at most 5 fit). The mean over the members.
 */
export function groupRecall(group: string[], relatedOf: (key: string) => string[]): number {
  return mean(
    group.map((key) =>
      recallAt(
        5,
        relatedOf(key),
        group.filter((other) => other !== key),
      ),
    ),
  );
}

// ---------- Beijing days ----------

const BEIJING_OFFSET_MS = 8 * 3600_000;

/** The Beijing day (`YYYY-MM-DD`) of an instant. */
export const beijingDayOf = (at: Date) =>
  new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

const parts = (day: string) => day.split("-").map(Number) as [number, number, number];
const format = (y: number, m: number, d: number) =>
  new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function addDays(day: string, n: number): string {
  const [y, m, d] = parts(day);
  return format(y, m, d + n);
}

/** The same day n months later (or earlier), on the month's last day when it is shorter. */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parts(day);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const ty = first.getUTCFullYear();
  const tm = first.getUTCMonth() + 1;
  return format(ty, tm, Math.min(d, daysIn(ty, tm)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The Beijing days (inclusive) a person means by the expression, said on `today`. Where the words
 * are loose the range is the generous reading, so that any sensible narrower filter stays inside
 * it: 去年这时候 is a month either side of this day last year; 最近 the last 30 days and today.
 */
export function askedRange(expression: TimeExpression, today: string): { from: string; to: string } {
  const [y, m] = parts(today);
  const monthOf = (year: number, month: number) => ({
    from: format(year, month, 1),
    to: format(year, month, daysIn(year, month)),
  });
  switch (expression) {
    case "今天":
      return { from: today, to: today };
    case "昨天":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "上周": {
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      const thisMonday = addDays(today, -weekday);
      return { from: addDays(thisMonday, -7), to: addDays(thisMonday, -1) };
    }
    case "这个月":
      return monthOf(y, m);
    case "上个月":
      return m === 1 ? monthOf(y - 1, 12) : monthOf(y, m - 1);
    case "三月份":
      return monthOf(m >= 3 ? y : y - 1, 3);
    case "去年":
      return { from: format(y - 1, 1, 1), to: format(y - 1, 12, 31) };
    case "去年这时候": {
      const lastYear = addMonths(today, -12);
      return { from: addMonths(lastYear, -1), to: addMonths(lastYear, 1) };
    }
    case "最近":
      return { from: addDays(today, -30), to: today };
  }
}

export const inRange = (day: string, range: { from: string; to: string }) =>
  day >= range.from && day <= range.to;

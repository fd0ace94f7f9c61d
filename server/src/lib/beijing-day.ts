/**
 * Calendar days in Beijing time (Asia/Shanghai, UTC+8 all year since 1991): 每日回顾's day and
 * 那年今日's dates. Days are `YYYY-MM-DD` strings, as PostgreSQL's date reads and prints them.
 */

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** The Beijing date at this instant. */
export const beijingDay = (at: Date): string =>
  new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayOf = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/**
 * The days of (year, month) that fall on `day` of a month with `lastDay` days: the same day, and
 * on the current month's last day also the days it lacks (29 February shows on 28 February of a
 * common year; 31 March on 30 April).
 */
function matching(year: number, month: number, day: number, lastDay: number): string[] {
  const days: string[] = [];
  const upTo = day === lastDay ? daysIn(year, month) : Math.min(day, daysIn(year, month));
  for (let d = day; d <= upTo; d++) days.push(dayOf(year, month, d));
  return days;
}

/** The dates of `today` (YYYY-MM-DD) in the `years` earlier years, newest first. */
export function sameDayInEarlierYears(today: string, years: number): string[] {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const lastDay = daysIn(y, m);
  const dates: string[] = [];
  for (let year = y - 1; year >= y - years && year >= 1; year--) dates.push(...matching(year, m, d, lastDay));
  return dates;
}

/** The dates of `today`'s day of the month in the `months` earlier months, newest first. */
export function sameDayInEarlierMonths(today: string, months: number): string[] {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const lastDay = daysIn(y, m);
  const dates: string[] = [];
  for (let back = 1; back <= months; back++) {
    const index = y * 12 + (m - 1) - back;
    dates.push(...matching(Math.floor(index / 12), (index % 12) + 1, d, lastDay));
  }
  return dates;
}

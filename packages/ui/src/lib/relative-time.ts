const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, "0");

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/**
 * Chinese relative time for list items, in the viewer's local time zone:
 * 刚刚 · N分钟前 · N小时前 · 昨天 HH:mm · M月D日 · YYYY年M月D日.
 * A date in the future (clock skew between server and device) reads as 刚刚.
 */
export function formatRelativeTime(date: Date | string | number, now: Date | number): string {
  const then = new Date(date);
  const current = new Date(now);
  if (Number.isNaN(then.getTime()) || Number.isNaN(current.getTime())) return "";

  const elapsed = current.getTime() - then.getTime();
  if (elapsed < MINUTE) return "刚刚";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}分钟前`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}小时前`;

  const yesterday = new Date(current.getFullYear(), current.getMonth(), current.getDate() - 1);
  if (startOfDay(then) === yesterday.getTime()) {
    return `昨天 ${pad(then.getHours())}:${pad(then.getMinutes())}`;
  }

  const monthDay = `${then.getMonth() + 1}月${then.getDate()}日`;
  if (then.getFullYear() === current.getFullYear()) return monthDay;
  return `${then.getFullYear()}年${monthDay}`;
}

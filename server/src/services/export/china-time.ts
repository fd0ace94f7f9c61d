import { EXPORT_FILE_PREFIX } from "@shinian/contract";

const TZ = "Asia/Shanghai";
export const BEIJING_OFFSET_MINUTES = 480; // no daylight saving time

// Built on first use, then kept: constructing an Intl.DateTimeFormat costs far more than
// formatting with it, and building it at start-up pages in ~15 MB of ICU time-zone data that an
// idle server never reads (docs/benchmarks.md, "Start-up without a TypeScript loader").
let beijingFormat: Intl.DateTimeFormat | null = null;
const beijing = () =>
  (beijingFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: TZ,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }));
const parts = (d: Date) =>
  Object.fromEntries(
    beijing()
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** 2026-11-22 19:30:00 (Beijing time), the form users read in messages. */
export function formatChinaTime(d: Date): string {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * 2026-11-22T19:30:00+08:00: ISO 8601 at UTC+8, as the Markdown files' front matter says times.
 * Shifted arithmetically rather than formatted through Intl (20× faster, twice per exported item),
 * and always the instant itself: the wall time and the offset written go together.
 */
export function chinaIsoTime(d: Date): string {
  const shifted = new Date(d.getTime() + BEIJING_OFFSET_MINUTES * 60_000).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}

/** 2026-11-22 (Beijing time): file names in the zip begin with the day. */
export function chinaDay(d: Date): string {
  const p = parts(d);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 拾念导出_YYYYMMDD_HHMMSS.zip in Beijing time. */
export function exportFileName(d: Date): string {
  const p = parts(d);
  return `${EXPORT_FILE_PREFIX}_${p.year}${p.month}${p.day}_${p.hour}${p.minute}${p.second}.zip`;
}

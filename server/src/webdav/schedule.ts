import type { WebdavFrequency } from "@shinian/contract";
import { BEIJING_OFFSET_MINUTES } from "../shared/beijing-time.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Uploads run in the quiet hour from 03:00 Beijing time, each user at their own minute of it. */
const QUIET_HOUR = 3;
const FIRST_RETRY_MS = 5 * MINUTE;
const LONGEST_RETRY_MS = 6 * HOUR;

/** A user's minute within the quiet hour, the same every day: their uploads do not all start at once. */
function minuteOf(userId: string): number {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) % 60;
  return h;
}

/** The user's first quiet-hour slot after `after`. */
function slotAfter(after: Date, userId: string): Date {
  const offset = BEIJING_OFFSET_MINUTES * MINUTE;
  const beijingMidnight = Math.floor((after.getTime() + offset) / DAY) * DAY - offset;
  let slot = beijingMidnight + QUIET_HOUR * HOUR + minuteOf(userId) * MINUTE;
  while (slot <= after.getTime()) slot += DAY;
  return new Date(slot);
}

/** When a newly set (or changed) schedule first runs: tonight's slot, either frequency. */
export function firstRun(frequency: WebdavFrequency, now: Date, userId: string): Date | null {
  return frequency === "off" ? null : slotAfter(now, userId);
}

/** After an upload: tomorrow's slot, or the slot a week on. */
export function nextRuns(now: Date, userId: string) {
  return { daily: slotAfter(now, userId), weekly: slotAfter(new Date(now.getTime() + 6 * DAY), userId) };
}

/** After the n-th failure in a row: 5 min, 15 min, 45 min … at most 6 hours. */
export function retryAt(now: Date, failures: number): Date {
  const wait = Math.min(FIRST_RETRY_MS * 3 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
  return new Date(now.getTime() + wait);
}

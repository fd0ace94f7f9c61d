import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

// Local-time constructors keep every case independent of the machine's time zone.
const at = (year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0) =>
  new Date(year, month - 1, day, hours, minutes, seconds);

const now = at(2026, 6, 15, 14, 30);
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("formatRelativeTime", () => {
  it("says 刚刚 for the same instant", () => {
    expect(formatRelativeTime(now, now)).toBe("刚刚");
  });

  it("says 刚刚 up to 59 seconds", () => {
    expect(formatRelativeTime(ago(59 * SECOND), now)).toBe("刚刚");
    expect(formatRelativeTime(ago(59_999), now)).toBe("刚刚");
  });

  it("switches to minutes at exactly 60 seconds", () => {
    expect(formatRelativeTime(ago(60 * SECOND), now)).toBe("1分钟前");
  });

  it("counts whole minutes, rounding down", () => {
    expect(formatRelativeTime(ago(5 * MINUTE + 59 * SECOND), now)).toBe("5分钟前");
  });

  it("says 59分钟前 just before the hour and 1小时前 at the hour", () => {
    expect(formatRelativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe("59分钟前");
    expect(formatRelativeTime(ago(60 * MINUTE), now)).toBe("1小时前");
  });

  it("counts hours up to 23", () => {
    expect(formatRelativeTime(ago(23 * HOUR), now)).toBe("23小时前");
    expect(formatRelativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe("23小时前");
  });

  it("uses minutes, not 昨天, when a recent time crosses midnight", () => {
    expect(formatRelativeTime(at(2026, 6, 14, 23, 50), at(2026, 6, 15, 0, 10))).toBe("20分钟前");
  });

  it("uses hours when yesterday evening is less than a day ago", () => {
    expect(formatRelativeTime(at(2026, 6, 14, 20, 0), at(2026, 6, 15, 9, 0))).toBe("13小时前");
  });

  it("says 昨天 HH:mm for the previous calendar day once 24 hours have passed", () => {
    expect(formatRelativeTime(at(2026, 6, 14, 9, 5), now)).toBe("昨天 09:05");
    expect(formatRelativeTime(at(2026, 6, 14, 0, 0), at(2026, 6, 15, 23, 59))).toBe("昨天 00:00");
  });

  it("gives month and day for an older date in the same year", () => {
    expect(formatRelativeTime(at(2026, 6, 13, 23, 59), now)).toBe("6月13日");
    expect(formatRelativeTime(at(2026, 1, 1, 8, 0), now)).toBe("1月1日");
  });

  it("treats 31 December as 昨天 on New Year's Day", () => {
    expect(formatRelativeTime(at(2025, 12, 31, 8, 15), at(2026, 1, 1, 9, 0))).toBe("昨天 08:15");
  });

  it("adds the year once the date is in an earlier year", () => {
    expect(formatRelativeTime(at(2025, 12, 30, 8, 15), at(2026, 1, 1, 9, 0))).toBe("2025年12月30日");
    expect(formatRelativeTime(at(2024, 3, 8), now)).toBe("2024年3月8日");
  });

  it("says 刚刚 for a date in the future (clock skew)", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe("刚刚");
    expect(formatRelativeTime(at(2027, 1, 1), now)).toBe("刚刚");
  });

  it("accepts ISO strings and timestamps", () => {
    expect(formatRelativeTime(ago(3 * HOUR).toISOString(), now)).toBe("3小时前");
    expect(formatRelativeTime(ago(3 * MINUTE).getTime(), now.getTime())).toBe("3分钟前");
  });

  it("returns an empty string for an invalid date", () => {
    expect(formatRelativeTime("不是日期", now)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { parseTimeRange } from "../../src/ai/time-range.ts";

/** A Beijing midnight as the instant it is (UTC 16:00 the day before). */
const bj = (day: string) => new Date(`${day}T00:00:00+08:00`).toISOString();
const range = (question: string, now: string) => {
  const r = parseTimeRange(question, new Date(now));
  return r && { label: r.label, from: r.from.toISOString(), to: r.to.toISOString() };
};

describe("time expressions → date ranges in Beijing time", () => {
  // 00:30 on Thursday 1 January 2026 in Beijing: still 31 December in UTC
  const newYear = "2026-01-01T00:30:00+08:00";

  it.each([
    ["今天记了什么", "今天（2026年1月1日）", "2026-01-01", "2026-01-02"],
    ["昨天想到的", "昨天（2025年12月31日）", "2025-12-31", "2026-01-01"],
    ["上周的想法", "上周（2025年12月22日—12月28日）", "2025-12-22", "2025-12-29"],
    ["这个月", "这个月（2026年1月1日—1月31日）", "2026-01-01", "2026-02-01"],
    ["我上个月都在想什么", "上个月（2025年12月1日—12月31日）", "2025-12-01", "2026-01-01"],
    ["三月份读了什么书", "3月（2025年3月1日—3月31日）", "2025-03-01", "2025-04-01"],
    ["1月的计划", "1月（2026年1月1日—1月31日）", "2026-01-01", "2026-02-01"],
    ["十二月", "12月（2025年12月1日—12月31日）", "2025-12-01", "2026-01-01"],
    ["去年的目标", "去年（2025年1月1日—12月31日）", "2025-01-01", "2026-01-01"],
    ["去年这时候在忙什么", "去年这时候（2024年12月17日—2025年1月16日）", "2024-12-17", "2025-01-17"],
    ["最近有什么灵感", "最近 30 天（2025年12月3日—2026年1月1日）", "2025-12-03", "2026-01-02"],
  ])("%s", (question, label, from, to) => {
    expect(range(question, newYear)).toEqual({ label, from: bj(from), to: bj(to) });
  });

  it("takes the day in Beijing, not in UTC, at the end of a month and of a leap February", () => {
    // 00:30 on 1 March 2028 in Beijing is 29 February in UTC
    expect(range("今天", "2028-02-29T16:30:00Z")?.from).toBe(bj("2028-03-01"));
    expect(range("上个月", "2028-02-29T16:30:00Z")).toMatchObject({
      from: bj("2028-02-01"),
      to: bj("2028-03-01"),
    });
    expect(range("上个月", "2028-02-29T15:30:00Z")).toMatchObject({
      from: bj("2028-01-01"),
      to: bj("2028-02-01"),
    });
    // the current month counts as this year's; 去年这时候 on 29 February rolls over into March
    expect(range("2月份", "2028-02-29T12:00:00Z")?.from).toBe(bj("2028-02-01"));
    expect(range("去年这个时候", "2028-02-29T12:00:00Z")).toMatchObject({
      from: bj("2027-02-14"),
      to: bj("2027-03-17"),
    });
    // a Sunday still belongs to the week that began on Monday
    expect(range("上周", "2026-03-01T12:00:00+08:00")).toMatchObject({
      from: bj("2026-02-16"),
      to: bj("2026-02-23"),
    });
  });

  it("flags 最近 and its kin as a span only hinted at, never a named one", () => {
    for (const q of ["最近有什么灵感", "近来在想什么", "这段时间读的书"])
      expect(parseTimeRange(q, new Date(newYear))?.recent, q).toBe(true);
    for (const q of ["上个月", "今天", "去年这时候", "三月份"])
      expect(parseTimeRange(q, new Date(newYear))?.recent, q).toBe(false);
  });

  it("leaves the rest of the question for retrieval, and finds nothing where there is no time", () => {
    expect(parseTimeRange("我上个月都在想什么", new Date(newYear))?.rest).toBe("我都在想什么");
    expect(parseTimeRange("3月5日的会议", new Date(newYear))).toBeNull();
    expect(parseTimeRange("一个月能读几本书", new Date(newYear))).toBeNull();
    expect(parseTimeRange("关于咖啡的想法", new Date(newYear))).toBeNull();
  });
});

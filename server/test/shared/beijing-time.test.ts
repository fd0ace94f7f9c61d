import fc from "fast-check";
import { expect, it } from "vitest";
import { beijingChineseDay, beijingDay, beijingIsoTime, beijingTime } from "../../src/shared/beijing-time.ts";

const intl = (options: Intl.DateTimeFormatOptions, locale = "en-CA") =>
  new Intl.DateTimeFormat(locale, { timeZone: "Asia/Shanghai", hourCycle: "h23", ...options });
const day = intl({ year: "numeric", month: "2-digit", day: "2-digit" });
const time = intl({ hour: "2-digit", minute: "2-digit", second: "2-digit" });
const chinese = new Intl.DateTimeFormat("zh-CN", { timeZone: "Asia/Shanghai", dateStyle: "medium" });

it("says every instant as the Asia/Shanghai zone of the platform's ICU does", () => {
  // from 1992 (the last daylight saving time in China ended in 1991) to 2100
  const instants = fc
    .integer({ min: Date.UTC(1992, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((t) => new Date(t));
  fc.assert(
    fc.property(instants, (at) => {
      expect(beijingDay(at)).toBe(day.format(at));
      expect(beijingTime(at)).toBe(`${day.format(at)} ${time.format(at)}`);
      expect(beijingIsoTime(at)).toBe(`${day.format(at)}T${time.format(at)}+08:00`);
      expect(beijingChineseDay(at)).toBe(chinese.format(at));
    }),
    { numRuns: 2000 },
  );
  // 16:00 UTC is already the next day in Beijing
  expect(beijingDay(new Date("2026-12-31T16:00:00Z"))).toBe("2027-01-01");
});

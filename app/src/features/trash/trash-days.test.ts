import { describe, expect, it } from "vitest";
import { daysLeft } from "./trash-days.ts";

describe("daysLeft", () => {
  const now = Date.parse("2026-11-22T08:00:00Z");
  it("counts a started day as one, and says 0 when it goes today or is overdue", () => {
    expect(daysLeft("2026-12-22T08:00:00Z", now)).toBe(30);
    expect(daysLeft("2026-12-22T07:59:00Z", now)).toBe(30);
    expect(daysLeft("2026-11-23T07:00:00Z", now)).toBe(1);
    expect(daysLeft("2026-11-22T08:00:00Z", now)).toBe(0);
    expect(daysLeft("2026-11-21T08:00:00Z", now)).toBe(0);
  });
});

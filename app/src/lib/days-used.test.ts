import { describe, expect, it } from "vitest";
import { daysUsed } from "./days-used.ts";

describe("daysUsed", () => {
  it("counts the sign-up day as the first", () => {
    expect(daysUsed("2026-12-01T02:00:00Z", new Date("2026-12-01T10:00:00Z"))).toBe(1);
  });

  it("turns the day at midnight in Beijing, not in UTC", () => {
    // 23:30 and 00:30 the next day in Beijing, one hour apart
    expect(daysUsed("2026-12-01T15:30:00Z", new Date("2026-12-01T16:30:00Z"))).toBe(2);
  });

  it("counts whole calendar days over months and years", () => {
    expect(daysUsed("2025-12-31T04:00:00Z", new Date("2026-03-01T04:00:00Z"))).toBe(61);
  });
});

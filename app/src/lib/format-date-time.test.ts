import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format-date-time.ts";

describe("formatDateTime", () => {
  it("formats a local date and time", () => {
    const d = new Date(2026, 10, 2, 8, 5, 9);
    expect(formatDateTime(d.toISOString())).toBe("2026-11-02 08:05:09");
  });
  it("keeps what is not a date", () => {
    expect(formatDateTime("明天")).toBe("明天");
  });
});

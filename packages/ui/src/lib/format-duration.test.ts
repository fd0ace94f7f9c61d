import { describe, expect, it } from "vitest";
import { formatDuration } from "./format-duration";

describe("formatDuration", () => {
  it("shows minutes and two-digit seconds, rounding down", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(7_900)).toBe("0:07");
    expect(formatDuration(65_000)).toBe("1:05");
    expect(formatDuration(720_000)).toBe("12:00");
  });
  it("never shows a negative time", () => {
    expect(formatDuration(-500)).toBe("0:00");
  });
});

import { describe, expect, it } from "vitest";
import { formatFileSizeMB } from "./format-file-size";

describe("formatFileSizeMB", () => {
  it("shows an empty file as 0.00 MB", () => {
    expect(formatFileSizeMB(0)).toBe("0.00 MB");
  });
  it("shows one mebibyte as 1.00 MB", () => {
    expect(formatFileSizeMB(1048576)).toBe("1.00 MB");
  });
  it("keeps two decimals", () => {
    expect(formatFileSizeMB(5.5 * 1048576)).toBe("5.50 MB");
    expect(formatFileSizeMB(5767168)).toBe("5.50 MB");
  });
  it("rounds to two decimals", () => {
    expect(formatFileSizeMB(1048576 * 1.234)).toBe("1.23 MB");
    expect(formatFileSizeMB(1048576 * 2.996)).toBe("3.00 MB");
  });
  it("never shows a non-empty file as 0.00 MB", () => {
    expect(formatFileSizeMB(1)).toBe("0.01 MB");
    expect(formatFileSizeMB(1234)).toBe("0.01 MB");
  });
  it("shows negative sizes as 0.00 MB", () => {
    expect(formatFileSizeMB(-1)).toBe("0.00 MB");
  });
  it("shows invalid sizes as 0.00 MB", () => {
    expect(formatFileSizeMB(Number.NaN)).toBe("0.00 MB");
    expect(formatFileSizeMB(Number.POSITIVE_INFINITY)).toBe("0.00 MB");
    expect(formatFileSizeMB(undefined as unknown as number)).toBe("0.00 MB");
  });
});

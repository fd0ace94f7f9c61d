import { describe, expect, it } from "vitest";
import { formatStorage } from "./format-storage";

describe("formatStorage", () => {
  it("says storage the way people do, in binary units with at most one decimal", () => {
    expect(formatStorage(1024 ** 3)).toBe("1 GB");
    expect(formatStorage(12.34 * 1024 ** 2)).toBe("12.3 MB");
    expect(formatStorage(512 * 1024 ** 2)).toBe("512 MB");
    expect(formatStorage(850 * 1024)).toBe("850 KB");
    expect(formatStorage(3000)).toBe("2.9 KB");
  });

  it("never shows something stored as nothing, and nothing as 0 KB", () => {
    expect(formatStorage(10)).toBe("1 KB");
    expect(formatStorage(0)).toBe("0 KB");
    expect(formatStorage(Number.NaN)).toBe("0 KB");
  });
});

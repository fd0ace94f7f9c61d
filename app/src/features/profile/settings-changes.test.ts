import { describe, expect, it } from "vitest";
import { settingsChanges } from "./settings-changes.ts";

const saved = {
  autoTidy: false,
  autoTidyChosen: false,
  reviewCount: 3,
  guideSkipped: false,
  digest: "off" as const,
};

describe("settingsChanges", () => {
  it("leaves 自动整理 out when the box was not changed, so saving does not make the choice", () => {
    expect(settingsChanges(saved, { autoTidy: false, reviewCount: 5 })).toEqual({ reviewCount: 5 });
  });

  it("sends 自动整理 when the box was changed", () => {
    expect(settingsChanges(saved, { autoTidy: true, reviewCount: 3 })).toEqual({
      autoTidy: true,
      reviewCount: 3,
    });
    expect(settingsChanges({ ...saved, autoTidy: true }, { autoTidy: false, reviewCount: 3 })).toEqual({
      autoTidy: false,
      reviewCount: 3,
    });
  });

  it("sends 周报/月报 only when it was changed: turning it on draws a digest at once", () => {
    expect(settingsChanges(saved, { autoTidy: false, reviewCount: 3, digest: "off" })).toEqual({
      reviewCount: 3,
    });
    expect(settingsChanges(saved, { autoTidy: false, reviewCount: 3, digest: "weekly" })).toEqual({
      reviewCount: 3,
      digest: "weekly",
    });
  });
});

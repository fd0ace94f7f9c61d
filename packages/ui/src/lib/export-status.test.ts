import { describe, expect, it } from "vitest";
import { type ExportPhase, isExportRunning } from "./export-status";

describe("isExportRunning", () => {
  it.each<ExportPhase>(["checking", "preparing", "processing", "downloading"])(
    "is true while %s",
    (phase) => {
      expect(isExportRunning(phase)).toBe(true);
    },
  );
  it.each<ExportPhase>(["idle", "completed", "error"])("is false when %s", (phase) => {
    expect(isExportRunning(phase)).toBe(false);
  });
});

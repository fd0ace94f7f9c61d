import { describe, expect, it } from "vitest";
import { autosizeHeight } from "./autosize";

const metrics = (scrollHeight: number) => ({ scrollHeight, lineHeight: 20, paddingY: 16, borderY: 2 });

describe("autosizeHeight", () => {
  it("never goes below minRows lines", () => {
    expect(autosizeHeight(metrics(36), 3, 12)).toEqual({ height: 78, overflowing: false });
  });
  it("follows the content between the limits", () => {
    expect(autosizeHeight(metrics(116), 3, 12)).toEqual({ height: 118, overflowing: false });
  });
  it("stops at maxRows lines and reports the overflow", () => {
    expect(autosizeHeight(metrics(516), 3, 12)).toEqual({ height: 258, overflowing: true });
  });
  it("treats a maxRows below minRows as minRows", () => {
    expect(autosizeHeight(metrics(516), 4, 2)).toEqual({ height: 98, overflowing: true });
  });
});

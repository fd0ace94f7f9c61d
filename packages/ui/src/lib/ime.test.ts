import { describe, expect, it } from "vitest";
import { isImeComposing } from "./ime";

const key = (init: { isComposing?: boolean; keyCode?: number }) =>
  ({ key: "Enter", isComposing: false, keyCode: 13, ...init }) as KeyboardEvent;

describe("isImeComposing", () => {
  it("is true while a composition is active", () => {
    expect(isImeComposing(key({ isComposing: true }))).toBe(true);
  });
  it("is true for the keyCode 229 that Safari sends for a composing Enter", () => {
    expect(isImeComposing(key({ keyCode: 229 }))).toBe(true);
  });
  it("is false for a plain Enter", () => {
    expect(isImeComposing(key({}))).toBe(false);
  });
  it("reads the native event of a React keyboard event", () => {
    const reactEvent = { nativeEvent: key({ isComposing: true }) } as unknown as React.KeyboardEvent;
    expect(isImeComposing(reactEvent)).toBe(true);
  });
});

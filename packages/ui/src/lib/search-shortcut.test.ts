import { describe, expect, it } from "vitest";
import { isSearchShortcut, isTypingTarget } from "./search-shortcut";

const body = { tagName: "BODY", isContentEditable: false };
const press = (key: string, init: Partial<Parameters<typeof isSearchShortcut>[0]> = {}) =>
  isSearchShortcut({
    key,
    metaKey: false,
    ctrlKey: false,
    altKey: false,
    isComposing: false,
    keyCode: 0,
    target: body as unknown as EventTarget,
    ...init,
  });

describe("isTypingTarget", () => {
  it("is true for inputs, textareas, selects and contenteditable elements", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT", "input"]) {
      expect(isTypingTarget({ tagName } as unknown as EventTarget)).toBe(true);
    }
    expect(isTypingTarget({ tagName: "DIV", isContentEditable: true } as unknown as EventTarget)).toBe(true);
  });
  it("is false for the page body, a button or nothing", () => {
    expect(isTypingTarget(body as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget({ tagName: "BUTTON" } as unknown as EventTarget)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe("isSearchShortcut", () => {
  it("accepts a bare slash outside text fields", () => {
    expect(press("/")).toBe(true);
  });
  it("ignores a slash typed into another field", () => {
    expect(press("/", { target: { tagName: "TEXTAREA" } as unknown as EventTarget })).toBe(false);
  });
  it("ignores a slash with a modifier", () => {
    expect(press("/", { ctrlKey: true })).toBe(false);
    expect(press("/", { altKey: true })).toBe(false);
  });
  it("accepts Ctrl+K and ⌘K, even inside a text field, in either case", () => {
    expect(press("k", { ctrlKey: true })).toBe(true);
    expect(press("K", { metaKey: true })).toBe(true);
    expect(press("k", { ctrlKey: true, target: { tagName: "INPUT" } as unknown as EventTarget })).toBe(true);
  });
  it("ignores a bare K and Ctrl+Alt+K", () => {
    expect(press("k")).toBe(false);
    expect(press("k", { ctrlKey: true, altKey: true })).toBe(false);
  });
  it("ignores keys pressed while an input method is composing", () => {
    expect(press("/", { isComposing: true })).toBe(false);
    expect(press("k", { ctrlKey: true, keyCode: 229 })).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { avatarInitial } from "./avatar-initial";

describe("avatarInitial", () => {
  it("uppercases the first letter of a Latin nickname", () => {
    expect(avatarInitial("alice")).toBe("A");
  });
  it("keeps the first character of a Chinese nickname", () => {
    expect(avatarInitial("小明")).toBe("小");
  });
  it("ignores leading and trailing spaces", () => {
    expect(avatarInitial("  bob ")).toBe("B");
  });
  it("keeps a character outside the BMP whole", () => {
    expect(avatarInitial("𠀋先生")).toBe("𠀋");
  });
  it("falls back to U without a nickname", () => {
    expect(avatarInitial(undefined)).toBe("U");
    expect(avatarInitial(null)).toBe("U");
    expect(avatarInitial("")).toBe("U");
    expect(avatarInitial("   ")).toBe("U");
  });
});

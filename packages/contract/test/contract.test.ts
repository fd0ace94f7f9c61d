import { describe, expect, it } from "vitest";
import {
  CreateIdeaRequestSchema,
  errorCodes,
  exportCooldownMessage,
  RegisterRequestSchema,
  UpdateIdeaRequestSchema,
} from "../src/index.ts";

describe("contract schemas", () => {
  it("normalises accounts and accepts emails and mainland mobiles only", () => {
    const ok = RegisterRequestSchema.parse({
      account: " Me@Example.CN ",
      password: "12345678",
      agreeTerms: true,
    });
    expect(ok.account).toBe("me@example.cn");
    expect(
      RegisterRequestSchema.safeParse({ account: "13800138000", password: "12345678", agreeTerms: true })
        .success,
    ).toBe(true);
    for (const account of ["1380013800", "23800138000", "138001380001", "me@", "hello"]) {
      expect(
        RegisterRequestSchema.safeParse({ account, password: "12345678", agreeTerms: true }).success,
        account,
      ).toBe(false);
    }
  });

  it("refuses unknown fields with a Chinese message", () => {
    const r = RegisterRequestSchema.safeParse({
      account: "a@b.cn",
      password: "12345678",
      agreeTerms: true,
      admin: true,
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("dedupes and trims tags, and never accepts originalContent in an update", () => {
    expect(CreateIdeaRequestSchema.parse({ content: "x", tags: [" a", "a", "b "] }).tags).toEqual(["a", "b"]);
    expect(UpdateIdeaRequestSchema.safeParse({ originalContent: "y" }).success).toBe(false);
  });

  it("keeps the fixed export refusal text and fixed statuses per code", () => {
    expect(exportCooldownMessage("2026-01-01 10:00:00")).toBe(
      "暂时无法导出数据，下次可导出时间：2026-01-01 10:00:00",
    );
    expect(exportCooldownMessage(null)).toBe("暂时无法导出数据，下次可导出时间：未知");
    expect(errorCodes).toMatchObject({
      UNAUTHORIZED: 401,
      INSUFFICIENT_POINTS: 402,
      NOT_FOUND: 404,
      RATE_LIMITED: 429,
    });
  });
});

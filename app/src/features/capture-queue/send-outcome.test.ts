import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/api-error.ts";
import { outcomeOf, retryDelay } from "./send-outcome.ts";

describe("outcomeOf", () => {
  it("waits (keeps the capture, in order) when offline, busy, limited or signed out", () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503]) {
      expect(outcomeOf(new ApiError(status, "x")), String(status)).toEqual({ kind: "wait" });
    }
    expect(outcomeOf(new TypeError("Failed to fetch"))).toEqual({ kind: "wait" });
  });
  it("waits at least as long as a 429's Retry-After asks", () => {
    expect(outcomeOf(new ApiError(429, "操作过于频繁", null, 30_000))).toEqual({
      kind: "wait",
      retryAfterMs: 30_000,
    });
  });
  it("drops a capture whose idea was deleted (410) and never brings it back", () => {
    expect(outcomeOf(new ApiError(410, "这条想法已被删除"))).toEqual({ kind: "gone" });
  });
  it("keeps other refusals with the server's Chinese reason", () => {
    expect(outcomeOf(new ApiError(400, "想法最多 10000 个字符"))).toEqual({
      kind: "refused",
      reason: "想法最多 10000 个字符",
    });
    expect(outcomeOf(new ApiError(413, "请求内容过大")).kind).toBe("refused");
    // a full account: kept (never lost, never retried on its own) until space is freed and 重试 pressed
    expect(
      outcomeOf(
        new ApiError(403, "已存满 100000 条想法和笔记（回收站里的也算在内），请先彻底删除一些再保存"),
      ),
    ).toEqual({
      kind: "refused",
      reason: "已存满 100000 条想法和笔记（回收站里的也算在内），请先彻底删除一些再保存",
    });
  });
});

describe("retryDelay", () => {
  it("doubles from 2 s up to 5 min", () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(20)).toBe(300_000);
  });
});

import { describe, expect, it } from "vitest";
import { markdownToPlain } from "./markdown-text.ts";

describe("markdownToPlain", () => {
  it("strips markup, links and HTML", () => {
    expect(markdownToPlain("# 标题\n\n- **加粗** 和 [链接](https://x.cn)\n<script>alert(1)</script>")).toBe(
      "标题 加粗 和 链接 alert(1)",
    );
  });
  it("names a note's pictures instead of showing their references", () => {
    expect(
      markdownToPlain("收据：\n\n![收据.jpg](attachment:3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f) ![](x)"),
    ).toBe("收据： [图片：收据.jpg] [图片]");
  });
  it("cuts long text", () => {
    expect(markdownToPlain("字".repeat(10), 4)).toBe("字字字字…");
  });
  it("stays fast on the longest notes, even on runs that are slow for its patterns", () => {
    // 200,000 characters: unbounded, each of these took seconds (8,000 `[` alone took 28 ms).
    for (const run of ["[", "<", "![", "[](", "字"]) {
      const started = performance.now();
      const plain = markdownToPlain(run.repeat(200_000 / run.length));
      expect(performance.now() - started).toBeLessThan(500);
      expect(plain.length).toBeLessThanOrEqual(201);
    }
  });
});

import { describe, expect, it } from "vitest";
import { markdownToPlain } from "./markdown-text.ts";

describe("markdownToPlain", () => {
  it("strips markup, links and HTML", () => {
    expect(markdownToPlain("# 标题\n\n- **加粗** 和 [链接](https://x.cn)\n<script>alert(1)</script>")).toBe(
      "标题 加粗 和 链接 alert(1)",
    );
  });
  it("cuts long text", () => {
    expect(markdownToPlain("字".repeat(10), 4)).toBe("字字字字…");
  });
});

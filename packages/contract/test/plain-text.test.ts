import { describe, expect, it } from "vitest";
import { markdownToPlain, plainLine, plainTitle } from "../src/plain-text.ts";

describe("Markdown as plain text", () => {
  it("drops block markers, emphasis, code marks and link addresses", () => {
    expect(plainLine("## **重点**：看[这篇](https://x.cn/a_(b))和`npm test`")).toBe("重点：看这篇和npm test");
    expect(plainLine("> - [x] ~~买菜~~ <https://x.cn>")).toBe("买菜 https://x.cn");
    expect(plainLine("1. 第一 *条*")).toBe("第一 条");
    expect(plainLine("| 列一 | 列二 |").trim()).toBe("列一   列二");
    expect(plainLine("|---|:---:|")).toBe("");
    expect(plainLine("```js")).toBe("");
  });

  it("keeps what only looks like markup: #tags, 3 * 4, snake_case, 9~10, escaped marks", () => {
    expect(plainLine("#读书 3 * 4 file_name 9~10 点 \\*不是强调\\*")).toBe(
      "#读书 3 * 4 file_name 9~10 点 *不是强调*",
    );
  });

  it("names pictures and drops tags of HTML, keeping their text", () => {
    expect(
      markdownToPlain("![收据.jpg](attachment:3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f) ![](x) <b>粗</b>"),
    ).toBe("[图片：收据.jpg] [图片] 粗");
  });

  it("makes one line, cut at max characters, an emoji counting as one", () => {
    expect(markdownToPlain("# 标题\n\n- **加粗** 和 [链接](https://x.cn)\n<script>alert(1)</script>")).toBe(
      "标题 加粗 和 链接 alert(1)",
    );
    expect(markdownToPlain("字".repeat(10), 4)).toBe("字字字字…");
    expect(markdownToPlain("😀".repeat(10), 4)).toBe("😀😀😀😀…");
  });
});

describe("a title derived from text", () => {
  it("is the first line with words, without markup", () => {
    expect(plainTitle("\n\n---\n## **读书笔记**：[三体](https://x.cn)\n第二行")).toBe("读书笔记：三体");
    expect(plainTitle("- [ ] 买牛奶\n- [ ] 跑步")).toBe("买牛奶");
  });

  it("is cut at 30 characters by default", () => {
    expect(plainTitle(`**${"很长的一句话".repeat(10)}**`)).toBe(`${"很长的一句话".repeat(5)}…`);
  });

  it("is empty for text without words", () => {
    expect(plainTitle("\n***\n\n")).toBe("");
  });
});

describe("on hostile input", () => {
  it("takes well under 100 ms for a line of 100,000 characters ending in a run of spaces or tabs", () => {
    for (const text of [`a${" ".repeat(100_000)}b`, `a${" \t".repeat(50_000)}b`]) {
      const started = performance.now();
      expect(plainLine(text)).toBe(text);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });

  it("stays fast on the longest notes and on runs that are slow for naive patterns", () => {
    for (const run of ["[", "<", "![", "[](", "](", "*", "_", "|-", "-", "> ", "\\", "字", "<a ", "[a](x "]) {
      const text = run.repeat(Math.ceil(200_000 / run.length));
      const started = performance.now();
      const plain = markdownToPlain(text);
      const title = plainTitle(text);
      const line = plainLine(text.slice(0, 20_000));
      // linear work on these takes a few ms, quadratic or exponential work seconds
      expect(performance.now() - started, run).toBeLessThan(1_000);
      expect(plain.length).toBeLessThanOrEqual(201);
      expect([...title].length).toBeLessThanOrEqual(31);
      expect(line.length).toBeLessThanOrEqual(20_000);
    }
  });
});

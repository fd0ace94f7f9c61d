import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown";

describe("parseMarkdown", () => {
  it("reads headings, paragraphs, lists, quotes and code", () => {
    expect(
      parseMarkdown("# 标题\n\n第一行\n第二行\n\n- 甲\n- 乙\n1. 一\n> 引用\n```\n<b>x</b>\n```"),
    ).toEqual([
      { type: "heading", level: 1, children: [{ type: "text", text: "标题" }] },
      { type: "paragraph", children: [{ type: "text", text: "第一行 第二行" }] },
      {
        type: "list",
        ordered: false,
        items: [[{ type: "text", text: "甲" }], [{ type: "text", text: "乙" }]],
      },
      { type: "list", ordered: true, items: [[{ type: "text", text: "一" }]] },
      { type: "quote", children: [{ type: "text", text: "引用" }] },
      { type: "code", text: "<b>x</b>" },
    ]);
  });

  it("reads inline marks and keeps only safe links", () => {
    expect(parseInline("**重点**和*斜体*、`代码`、[链接](https://x.cn)、[坏](javascript:alert(1))")).toEqual([
      { type: "strong", children: [{ type: "text", text: "重点" }] },
      { type: "text", text: "和" },
      { type: "em", children: [{ type: "text", text: "斜体" }] },
      { type: "text", text: "、" },
      { type: "code", text: "代码" },
      { type: "text", text: "、" },
      { type: "link", href: "https://x.cn", children: [{ type: "text", text: "链接" }] },
      { type: "text", text: "、" },
      { type: "text", text: "坏" },
      { type: "text", text: ")" },
    ]);
  });

  it("leaves raw HTML as text", () => {
    expect(parseMarkdown("<script>alert(1)</script>")).toEqual([
      { type: "paragraph", children: [{ type: "text", text: "<script>alert(1)</script>" }] },
    ]);
  });
});

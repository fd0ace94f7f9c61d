import { describe, expect, it } from "vitest";
import {
  inline,
  MAX_SOURCE,
  type MarkdownElement,
  type MarkdownNode,
  markdownTitle,
  parseCardMarkdown,
  textOf,
} from "./card-markdown";

const el = (tag: MarkdownElement["tag"], ...children: MarkdownNode[]): MarkdownElement => ({ tag, children });
const p = (...children: MarkdownNode[]) => el("p", ...children);

/** Every tag in the tree, depth first. */
const tagsOf = (nodes: MarkdownNode[]): string[] =>
  nodes.flatMap((n) => (typeof n === "string" ? [] : [n.tag, ...tagsOf(n.children)]));

/** How deep the tree goes. */
const depthOf = (nodes: MarkdownNode[]): number =>
  Math.max(0, ...nodes.map((n) => (typeof n === "string" ? 0 : 1 + depthOf(n.children))));

describe("parseCardMarkdown", () => {
  it("keeps paragraphs and the memo's own line breaks", () => {
    expect(parseCardMarkdown("第一行\n第二行\n\n第二段")).toEqual([p("第一行\n第二行"), p("第二段")]);
  });

  it("marks bold, italic, strike and inline code, also between Chinese characters", () => {
    expect(inline("今天**很重要**，*也许*会~~取消~~，见`npm test`")).toEqual([
      "今天",
      el("strong", "很重要"),
      "，",
      el("em", "也许"),
      "会",
      el("s", "取消"),
      "，见",
      el("code", "npm test"),
    ]);
    expect(inline("这是**“引号里的重点”**了")).toEqual(["这是", el("strong", "“引号里的重点”"), "了"]);
    expect(inline("***都有***")).toEqual([el("strong", el("em", "都有"))]);
  });

  it("leaves lone and spaced marks, snake_case and 9~10 点 as they are", () => {
    expect(inline("3 * 4 * 5")).toEqual(["3 * 4 * 5"]);
    expect(inline("file_name_here")).toEqual(["file_name_here"]);
    expect(inline("9~10 点")).toEqual(["9~10 点"]);
    expect(inline("**没有闭合")).toEqual(["**没有闭合"]);
    expect(inline("`没有闭合")).toEqual(["`没有闭合"]);
  });

  it("makes bullet, ordered, nested and task lists", () => {
    expect(parseCardMarkdown("- 苹果\n- 香蕉\n  - 小香蕉\n\n3. 三\n4. 四")).toEqual([
      el("ul", el("li", "苹果"), el("li", "香蕉", el("ul", el("li", "小香蕉")))),
      { tag: "ol", start: 3, children: [el("li", "三"), el("li", "四")] },
    ]);
    expect(parseCardMarkdown("- [x] 买菜\n- [ ] 跑步")).toEqual([
      el(
        "ul",
        {
          tag: "li",
          checked: true,
          children: [el("label", { tag: "input", checked: true, children: [] }, "买菜")],
        },
        {
          tag: "li",
          checked: false,
          children: [el("label", { tag: "input", checked: false, children: [] }, "跑步")],
        },
      ),
    ]);
  });

  it("lets a list start right under a line of text, as memos write them", () => {
    expect(parseCardMarkdown("今天要做：\n1. 写周报\n2. 跑步")).toEqual([
      p("今天要做："),
      el("ol", el("li", "写周报"), el("li", "跑步")),
    ]);
  });

  it("shows headings as bold lines, quotes, rules and fenced code", () => {
    expect(parseCardMarkdown("## 小标题\n> 引用的话\n\n---\n```js\nlet a = **1**\n```")).toEqual([
      p(el("strong", "小标题")),
      el("blockquote", p("引用的话")),
      el("hr"),
      el("pre", "let a = **1**"),
    ]);
  });

  it("never takes a #tag for a heading", () => {
    expect(parseCardMarkdown("#读书 很好看")).toEqual([p("#读书 很好看")]);
  });

  it("links http(s) and mailto only; any other link keeps its text and loses the link", () => {
    expect(inline("看[这篇](https://example.com/a_(b))和<mailto:me@x.cn>")).toEqual([
      "看",
      { tag: "a", href: "https://example.com/a_(b)", children: ["这篇"] },
      "和",
      { tag: "a", href: "mailto:me@x.cn", children: ["mailto:me@x.cn"] },
    ]);
    expect(inline("[点我](javascript:alert(1))")).toEqual(["点我"]);
    expect(inline("[数据](data:text/html,<b>x</b>)")).toEqual(["[数据](data:text/html,<b>x</b>)"]);
    expect(inline('[标题](https://x.cn "说明")')).toEqual([
      { tag: "a", href: "https://x.cn", children: ["标题"] },
    ]);
  });

  it("links bare URLs, stopping at Chinese text and trailing punctuation", () => {
    expect(inline("网址https://example.com/a?b=1。很好")).toEqual([
      "网址",
      { tag: "a", href: "https://example.com/a?b=1", children: ["https://example.com/a?b=1"] },
      "。很好",
    ]);
    expect(inline("see https://x.cn/p.")).toEqual([
      "see ",
      { tag: "a", href: "https://x.cn/p", children: ["https://x.cn/p"] },
      ".",
    ]);
    expect(inline("xhttps://x.cn")).toEqual(["xhttps://x.cn"]);
  });

  it("ends a bare URL where any CJK text or punctuation follows it", () => {
    const link = (href: string): MarkdownElement => ({ tag: "a", href, children: [href] });
    for (const after of ["“好文”", "……", "です", "한국", "𠀀字", "㐀字", "（注）", "，然后"])
      expect(inline(`看https://x.cn/a${after}`), after).toEqual(["看", link("https://x.cn/a"), after]);
    expect(inline("**https://x.cn/a**")).toEqual([el("strong", link("https://x.cn/a"))]);
  });

  it("keeps a ! that starts no image, and the character after it", () => {
    expect(inline("太好了!真的!!")).toEqual(["太好了!真的!!"]);
    expect(inline("!a ![图](x)")).toEqual(["!a ", { tag: "img", alt: "图", children: [] }]);
  });

  it("names images instead of showing their references", () => {
    expect(inline("收据![收据.jpg](attachment:3f1c2a4e-8b7d-4c61-9e2f-0a1b2c3d4e5f)")).toEqual([
      "收据",
      { tag: "img", alt: "收据.jpg", children: [] },
    ]);
  });

  it("keeps raw HTML as text and unescapes escaped marks", () => {
    expect(parseCardMarkdown("<b>粗</b> \\*不是强调\\*")).toEqual([p("<b>粗</b> *不是强调*")]);
  });

  it("breaks a line on two trailing spaces or a backslash", () => {
    expect(inline("一  \n二\\\n三")).toEqual(["一", el("br"), "二", el("br"), "三"]);
  });

  it("gives the text without markup", () => {
    expect(textOf(parseCardMarkdown("**粗** 和 [链接](https://x.cn)"))).toBe("粗 和 链接");
  });
});

describe("parseCardMarkdown on hostile input", () => {
  // Linear work on these inputs takes a few ms; quadratic work on them takes seconds. The bound is
  // loose because this machine is shared, not because the parser needs it.
  const fast = <T>(parse: () => T, ms = 1_000): T => {
    const started = performance.now();
    const result = parse();
    expect(performance.now() - started).toBeLessThan(ms);
    return result;
  };

  it("stays linear on runs that make naive patterns quadratic", () => {
    for (const run of [
      "[",
      "](",
      "![",
      "<",
      "`",
      "*",
      "_",
      "~~",
      "**a",
      "[a](",
      "`a``",
      "https://",
      "\\",
      "h",
    ]) {
      // inline() reads all it is given: four times what a card reads
      const nodes = fast(() => inline(run.repeat(Math.ceil((4 * MAX_SOURCE) / run.length))));
      expect(textOf(nodes).length, run).toBeGreaterThan(0);
      fast(() => parseCardMarkdown(run.repeat(MAX_SOURCE)));
    }
  });

  it("takes well under 100 ms on 100,000 characters of runs that backtrack in naive patterns", () => {
    const N = 100_000;
    const best = (run: () => unknown) => {
      let ms = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 3; k++) {
        const started = performance.now();
        run();
        ms = Math.min(ms, performance.now() - started);
      }
      return ms;
    };
    // what a card is given (parseCardMarkdown reads its first MAX_SOURCE characters)
    for (const text of [
      "*".repeat(N),
      "[".repeat(N),
      "_".repeat(N),
      "*_[".repeat(N / 3),
      // trailing spaces before a line break, a code span's padding: quadratic when matched by pattern
      `a${" ".repeat(MAX_SOURCE - 10)}b\n${"c".repeat(N)}`,
      `\` ${"a".repeat(MAX_SOURCE - 10)}\`${"c".repeat(N)}`,
    ])
      expect(
        best(() => parseCardMarkdown(text)),
        text.slice(0, 5),
      ).toBeLessThan(100);
    // and inline() itself, which reads all it is given
    for (const text of [`a${" ".repeat(N)}b\nc`, `\` ${"a".repeat(N)}\``])
      expect(
        best(() => inline(text)),
        text.slice(0, 5),
      ).toBeLessThan(100);
  });

  it("reads only the start of a huge text", () => {
    const nodes = fast(() => parseCardMarkdown("字".repeat(1_000_000)));
    expect(textOf(nodes)).toHaveLength(MAX_SOURCE + 1);
    expect(textOf(nodes).endsWith("…")).toBe(true);
  });

  it("caps how deep quotes, lists and emphasis nest", () => {
    const depth = (source: string) => depthOf(fast(() => parseCardMarkdown(source)));
    expect(depth(">".repeat(5_000))).toBeLessThanOrEqual(12);
    expect(
      depth(Array.from({ length: 500 }, (_, i) => `${"  ".repeat(i)}- 项`).join("\n")),
    ).toBeLessThanOrEqual(20);
    expect(depth("*a **a ".repeat(2_000))).toBeLessThanOrEqual(17);
    expect(depth(`${"[".repeat(5_000)}x${"](https://x.cn)".repeat(5_000)}`)).toBeLessThanOrEqual(17);
  });

  it("never makes a link of an unsafe scheme, however it is written", () => {
    const sources = [
      "[x](JavaScript:alert(1))",
      "[x](  javascript:alert(1))",
      "<javascript:alert(1)>",
      "[x](vbscript:msgbox)",
      "[x](//evil.example)",
      "![x](javascript:alert(1))",
    ];
    for (const source of sources) {
      const links = tagsOf(parseCardMarkdown(source)).filter((t) => t === "a");
      expect(links, source).toEqual([]);
    }
  });
});

describe("markdownTitle", () => {
  it("names untitled Markdown by the words of its first line, cut at max characters", () => {
    expect(markdownTitle("## **周末**计划：[西湖](https://x.cn)\n- 跑步")).toBe("周末计划：西湖");
    expect(markdownTitle("- [ ] 买牛奶\n- 跑步")).toBe("买牛奶");
    expect(markdownTitle("很长的一句话".repeat(10), 6)).toBe("很长的一句话…");
    expect(markdownTitle("\n\n")).toBe("");
  });
});

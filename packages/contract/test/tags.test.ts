import { describe, expect, it } from "vitest";
import { isWithin, renamedTag, tagsInText, withTypedTags } from "../src/tags.ts";

describe("#标签 in text", () => {
  it("finds tags in mixed Chinese and English text, each once, in order", () => {
    expect(tagsInText("#读书 今天读完了《三体》 #sci-fi 和 #读书 #Book2024\n#想法")).toEqual([
      "读书",
      "sci",
      "Book2024",
      "想法",
    ]);
  });

  it("takes / as levels, and ends a tag at whitespace or any punctuation, Chinese punctuation too", () => {
    expect(tagsInText("#读书/小说，很好看")).toEqual(["读书/小说"]);
    expect(tagsInText("#读书/ #工作//周报 #a/b/c。")).toEqual(["读书", "工作", "a/b/c"]);
    expect(tagsInText("#灵感！ #产品：想法 #设计、#体验 #计划（草稿） #日记_周一 #心情😀")).toEqual([
      "灵感",
      "产品",
      "设计",
      "计划",
      "日记",
      "心情",
    ]);
  });

  it("starts a tag only at the start of the text or after whitespace", () => {
    expect(tagsInText("学 C# 和 F#，abc#def")).toEqual([]);
    expect(tagsInText("　#全角空格后")).toEqual(["全角空格后"]);
    expect(tagsInText("# 标题 ## 二级 #/路径 ##双")).toEqual([]);
  });

  it("never takes a # inside a URL", () => {
    expect(
      tagsInText("看 https://example.com/page#section 和 https://a.cn/#/route?x=1#frag #真标签"),
    ).toEqual(["真标签"]);
  });

  it("merges typed tags after the given ones, within 10 tags of at most 20 characters", () => {
    expect(withTypedTags(["陶艺"], "#陶艺 #展览 #读书/小说")).toEqual(["陶艺", "展览", "读书/小说"]);
    const long = `#${"长".repeat(21)} #${"短".repeat(20)}`;
    expect(withTypedTags([], long)).toEqual(["短".repeat(20)]);
    const many = Array.from({ length: 12 }, (_, i) => `#t${i}`).join(" ");
    expect(withTypedTags(["a", "b"], many)).toEqual([
      "a",
      "b",
      "t0",
      "t1",
      "t2",
      "t3",
      "t4",
      "t5",
      "t6",
      "t7",
    ]);
  });
});

describe("tag paths", () => {
  it("matches by whole levels and renames children with their parent", () => {
    expect(isWithin("读书/小说", "读书")).toBe(true);
    expect(isWithin("读书会", "读书")).toBe(false);
    expect(renamedTag("读书/小说", "读书", "阅读")).toBe("阅读/小说");
    expect(renamedTag("读书会", "读书", "阅读")).toBe("读书会");
  });
});

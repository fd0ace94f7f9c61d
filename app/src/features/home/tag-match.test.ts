import { describe, expect, it } from "vitest";
import { matchTags } from "./tag-match.ts";

const tags = [
  { name: "读书", count: 42, pinyin: "dushu", initials: "ds" },
  { name: "阅读/小说", count: 17, pinyin: "yuedu/xiaoshuo", initials: "yd/xs" },
  { name: "运动", count: 9, pinyin: "yundong", initials: "yd" },
  { name: "读书/小说", count: 4, pinyin: "dushu/xiaoshuo", initials: "ds/xs" },
  { name: "Book2024", count: 3 },
  { name: "好书推荐", count: 2, pinyin: "haoshutuijian", initials: "hstj" },
];
const names = (typed: string) => matchTags(tags, typed).map((t) => t.name);

describe("the tags that fit what follows a # being typed", () => {
  it("are every tag, most used first, before anything is typed", () => {
    expect(names("")).toEqual(tags.map((t) => t.name));
  });

  it("are found by name, by a level, by pinyin and by initials, the name's start first", () => {
    expect(names("读书")).toEqual(["读书", "读书/小说"]);
    expect(names("yd")).toEqual(["阅读/小说", "运动"]);
    expect(names("yued")).toEqual(["阅读/小说"]);
    expect(names("xs")).toEqual(["阅读/小说", "读书/小说"]);
    expect(names("小说")).toEqual(["阅读/小说", "读书/小说"]);
    expect(names("dsxs")).toEqual(["读书/小说"]);
    expect(names("book")).toEqual(["Book2024"]);
    expect(names("书")).toEqual(["读书", "读书/小说", "好书推荐"]);
    expect(names("zz")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { wrapLines } from "./draw-share-card";

// Every character 10 px wide: a line of 100 px holds ten.
const measure = (s: string) => [...s].length * 10;

describe("wrapping a share card's text", () => {
  it("breaks Chinese anywhere, keeps Latin words whole, and keeps newlines", () => {
    expect(wrapLines("今天跑了五公里配速比上周快很多", 100, measure)).toEqual([
      "今天跑了五公里配速比",
      "上周快很多",
    ]);
    expect(wrapLines("跑步 keep going 加油", 100, measure)).toEqual(["跑步 keep", "going 加油"]);
    expect(wrapLines("第一行\n\n第三行", 100, measure)).toEqual(["第一行", "", "第三行"]);
  });

  it("never starts a line with closing punctuation, nor ends one with an opening mark", () => {
    const lines = wrapLines("一二三四五六七八九十，十一「十二」", 100, measure);
    expect(lines.every((line) => !/^[，。」]/.test(line))).toBe(true);
    expect(lines[0]).toBe("一二三四五六七八九");
    expect(lines[1]).toBe("十，十一「十二」");
    const opening = wrapLines("一二三四五六七八九「十」", 100, measure);
    expect(opening).toEqual(["一二三四五六七八九", "「十」"]);
  });

  it("cuts a word longer than a line by characters", () => {
    expect(wrapLines("https://example.com/abc", 100, measure)).toEqual(["https://ex", "ample.com/", "abc"]);
  });
});

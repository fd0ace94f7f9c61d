import { describe, expect, it } from "vitest";
import { findTermRanges, normalizeRanges, splitHighlights } from "./highlight";

const text = "今天想到一个关于产品设计的好点子";

describe("splitHighlights", () => {
  it("returns the whole text as one plain segment without ranges", () => {
    expect(splitHighlights(text, [])).toEqual([{ text, match: false }]);
  });

  it("returns no segments for empty text", () => {
    expect(splitHighlights("", [[0, 2]])).toEqual([]);
  });

  it("marks a range in the middle", () => {
    expect(splitHighlights(text, [[8, 10]])).toEqual([
      { text: "今天想到一个关于", match: false },
      { text: "产品", match: true },
      { text: "设计的好点子", match: false },
    ]);
  });

  it("marks ranges at the very start and end", () => {
    expect(
      splitHighlights("产品设计", [
        [0, 2],
        [3, 4],
      ]),
    ).toEqual([
      { text: "产品", match: true },
      { text: "设", match: false },
      { text: "计", match: true },
    ]);
  });

  it("merges overlapping ranges given in any order", () => {
    expect(
      splitHighlights(text, [
        [9, 12],
        [8, 10],
      ]),
    ).toEqual([
      { text: "今天想到一个关于", match: false },
      { text: "产品设计", match: true },
      { text: "的好点子", match: false },
    ]);
  });

  it("merges adjacent ranges into one mark", () => {
    const segments = splitHighlights(text, [
      [8, 10],
      [10, 12],
    ]);
    expect(segments.filter((s) => s.match)).toEqual([{ text: "产品设计", match: true }]);
  });

  it("clamps ranges that run past either end", () => {
    expect(
      splitHighlights("产品设计", [
        [-3, 1],
        [3, 99],
      ]),
    ).toEqual([
      { text: "产", match: true },
      { text: "品设", match: false },
      { text: "计", match: true },
    ]);
  });

  it("ignores empty, reversed and fully out-of-range ranges", () => {
    expect(
      splitHighlights("产品设计", [
        [2, 2],
        [3, 1],
        [10, 12],
        [-5, -1],
      ]),
    ).toEqual([{ text: "产品设计", match: false }]);
  });

  it("joins back into the original text", () => {
    const segments = splitHighlights(text, [
      [0, 2],
      [5, 9],
      [14, 40],
    ]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
  });
});

describe("normalizeRanges", () => {
  it("sorts, clamps and merges", () => {
    expect(
      normalizeRanges(10, [
        [8, 20],
        [1, 3],
        [2, 4],
        [4, 5],
      ]),
    ).toEqual([
      [1, 5],
      [8, 10],
    ]);
  });
});

describe("findTermRanges", () => {
  it("finds each term", () => {
    expect(findTermRanges(text, ["产品", "设计"])).toEqual([
      [8, 10],
      [10, 12],
    ]);
  });

  it("finds every occurrence", () => {
    expect(findTermRanges("想法想法，还是想法", ["想法"])).toEqual([
      [0, 2],
      [2, 4],
      [7, 9],
    ]);
  });

  it("ignores case", () => {
    expect(findTermRanges("用 AI 整理，ai 很快", ["Ai"])).toEqual([
      [2, 4],
      [8, 10],
    ]);
  });

  it("treats regular-expression characters literally", () => {
    expect(findTermRanges("价格 (a+b)? 不对", ["(a+b)?"])).toEqual([[3, 9]]);
  });

  it("ignores blank terms and trims the others", () => {
    expect(findTermRanges(text, ["", "  ", " 点子 "])).toEqual([[14, 16]]);
  });

  it("finds overlapping occurrences of one term", () => {
    expect(findTermRanges("哈哈哈", ["哈哈"])).toEqual([
      [0, 2],
      [1, 3],
    ]);
  });

  it("returns nothing when no term occurs", () => {
    expect(findTermRanges(text, ["笔记"])).toEqual([]);
  });

  it("feeds splitHighlights", () => {
    const segments = splitHighlights(text, findTermRanges(text, ["设计", "产品"]));
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(["产品设计"]);
  });
});

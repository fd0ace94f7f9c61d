import type { TagMark, TagQuery, TagSuggestion } from "./tag-assist";

// Deterministic data for stories. The app passes the real rule (@shinian/contract/tags) and the
// person's tags from GET /api/tags; this is a small stand-in with the same shape.
const TAG = /#[\p{L}\p{N}]+(?:\/[\p{L}\p{N}]+)*/gu;
const opensTag = (unit: string | undefined) =>
  unit === undefined || /[\s\u3000-\u303f\uff00-\uffef]/u.test(unit);

export const sampleMarks = (text: string): TagMark[] =>
  [...text.matchAll(TAG)]
    .filter((m) => opensTag(text[m.index - 1]))
    .map((m) => ({ start: m.index, end: m.index + m[0].length }));

export const sampleQueryAt = (text: string, caret: number): TagQuery | null => {
  const m = /#([\p{L}\p{N}/]*)$/u.exec(text.slice(0, caret));
  return m && opensTag(text[m.index - 1]) ? { start: m.index, query: m[1]! } : null;
};

const mine = [
  { name: "读书", count: 42, pinyin: "dushu", initials: "ds" },
  { name: "阅读/小说", count: 17, pinyin: "yuedu/xiaoshuo", initials: "yd/xs" },
  { name: "运动", count: 9, pinyin: "yundong", initials: "yd" },
  { name: "跑步", count: 8, pinyin: "paobu", initials: "pb" },
  { name: "工作/周报", count: 5, pinyin: "gongzuo/zhoubao", initials: "gz/zb" },
  { name: "灵感", count: 3, pinyin: "linggan", initials: "lg" },
  { name: "摄影", count: 2, pinyin: "sheying", initials: "sy" },
];

/** The sample person's tags that fit `query` by name, pinyin or initials, most used first. */
export const sampleSuggest = (query: string): TagSuggestion[] => {
  const q = query.toLowerCase();
  const flat = (s: string) => s.replaceAll("/", "");
  return mine
    .filter((t) => !q || t.name.includes(q) || flat(t.pinyin).startsWith(q) || flat(t.initials).startsWith(q))
    .map(({ name, count }) => ({ name, count }));
};

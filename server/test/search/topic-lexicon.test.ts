import { describe, expect, it } from "vitest";
import { TOPIC_LEXICON } from "../../src/search/topic-lexicon.ts";
import { topicWords } from "../../src/search/topics.ts";

const lines = TOPIC_LEXICON.trim()
  .split("\n")
  .map((line) => {
    const [topic = "", words = ""] = line.split(":");
    return { topic: topic.trim(), words: words.trim().split(" ") };
  });

describe("the topic lexicon", () => {
  it("lists words of two or more characters, once a line, lower case, a word under two topics at most", () => {
    const topicsOf = new Map<string, string[]>();
    for (const { topic, words } of lines) {
      expect(new Set(words).size, topic).toBe(words.length);
      for (const word of new Set([topic, ...words])) {
        if (word !== topic) expect([...word].length, `${topic}: ${word}`).toBeGreaterThan(1);
        expect(word).toBe(word.toLowerCase());
        topicsOf.set(word, [...(topicsOf.get(word) ?? []), topic]);
      }
    }
    expect([...topicsOf].filter(([, topics]) => topics.length > 2)).toEqual([]);
  });

  it("reads a note of a topic it lacked before (钓鱼) and of two at once", () => {
    expect(topicWords("周末去水库野钓，打窝后换了浮漂").topics).toEqual(["~钓鱼", "~钓鱼", "~钓鱼"]);
    expect(topicWords("毕业旅行去了云南").topics.sort()).toEqual(["~云南", "~旅行", "~毕业"]);
  });

  it("reads letters and digits at a word's ends as whole words only", () => {
    expect(topicWords("沪深300指数").words).toContain("沪深300");
    expect(topicWords("沪深3000").words).not.toContain("沪深300");
    expect(topicWords("digit").words).toEqual([]);
  });

  it("keeps a topic only near the strongest one: a fishing trip back at 凌晨 is no note on sleep", () => {
    const text = "周末去水库野钓，打窝后换了浮漂，凌晨才回家";
    expect(topicWords(text, 0).topics).toContain("~睡眠");
    expect(topicWords(text).topics).toEqual(["~钓鱼", "~钓鱼", "~钓鱼"]);
  });
});

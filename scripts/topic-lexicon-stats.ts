// What search/topic-lexicon.ts holds, to check its rules after an edit: how many topics and words,
// the words under three or more topics (a word that says every topic says none: should be none),
// words of one character (ignored by search/topics.ts) and words listed twice in one line.
//   node scripts/topic-lexicon-stats.ts
import { TOPIC_LEXICON } from "../server/src/search/topic-lexicon.ts";

const topicsOf = new Map<string, string[]>();
const repeated: string[] = [];
const short: string[] = [];
const lines = TOPIC_LEXICON.trim().split("\n");
let entries = 0;
for (const line of lines) {
  const [topic = "", words = ""] = line.split(":").map((s) => s.trim());
  const listed = words.split(/\s+/);
  entries += listed.length;
  if (new Set(listed).size < listed.length) repeated.push(topic);
  for (const word of new Set([topic, ...listed])) {
    if ([...word].length < 2) {
      if (word !== topic) short.push(word);
      continue;
    }
    topicsOf.set(word, [...(topicsOf.get(word) ?? []), topic]);
  }
}
const sizes = lines.map((l) => l.split(":")[1]!.trim().split(/\s+/).length);
const underThree = [...topicsOf].filter(([, t]) => t.length >= 3);
console.log(`topics: ${lines.length}`);
console.log(`words listed: ${entries} (per topic ${Math.min(...sizes)}–${Math.max(...sizes)})`);
console.log(`distinct words: ${topicsOf.size}`);
console.log(`words under 2 topics: ${[...topicsOf.values()].filter((t) => t.length === 2).length}`);
console.log(
  `words under 3+ topics: ${underThree.length}`,
  underThree.map(([w, t]) => `${w} (${t.join(" ")})`),
);
console.log(`one-character words: ${short.length}`, short);
console.log(`lines with a word twice: ${repeated.length}`, repeated);

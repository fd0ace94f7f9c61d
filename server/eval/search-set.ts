/**
 * The labelled evaluation set (server/eval/set/): a Chinese user's ideas and notes over two years,
 * the queries with the items a person expects them to find, groups of items that belong together,
 * and questions about a time. Loaded and checked here; a label that breaks the set's own rules
 * (an unknown key, a "meaning-only" query whose words an item does contain) stops the evaluation.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type SetItem = {
  key: string;
  type: "idea" | "note";
  /** Beijing wall-clock time, `YYYY-MM-DD HH:mm`, as of the set's `today`. */
  created: string;
  title?: string;
  text: string;
};

/**
 * word: one word the relevant items say; multi: several words (space-separated) they all say;
 * meaning: words no item of the set says, so only meaning can find the relevant ones.
 */
export type QueryKind = "word" | "multi" | "meaning";
export type SetQuery = { q: string; kind: QueryKind; relevant: string[] };
export type RelatedGroup = { id: string; why: string; keys: string[] };
export type TimeQuestion = {
  question: string;
  expression: TimeExpression;
  /** The Beijing days (inclusive) the question asks about, on the set's `today`. */
  range: { from: string; to: string };
};
export const TIME_EXPRESSIONS = [
  "今天",
  "昨天",
  "上周",
  "这个月",
  "上个月",
  "三月份",
  "去年",
  "去年这时候",
  "最近",
] as const;
export type TimeExpression = (typeof TIME_EXPRESSIONS)[number];

export type SearchSet = {
  /** The Beijing day the items' dates and the time questions' ranges were written for. */
  today: string;
  items: SetItem[];
  queries: SetQuery[];
  related: RelatedGroup[];
  timeQuestions: TimeQuestion[];
};

export const SET_DIR = path.join(import.meta.dirname, "set");

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

export function loadSearchSet(dir = SET_DIR): SearchSet {
  const itemsDir = path.join(dir, "items");
  const items = readdirSync(itemsDir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => readJson<SetItem[]>(path.join(itemsDir, f)));
  const meta = readJson<{ today: string }>(path.join(dir, "set.json"));
  const set: SearchSet = {
    today: meta.today,
    items,
    queries: readJson<SetQuery[]>(path.join(dir, "queries.json")),
    related: readJson<RelatedGroup[]>(path.join(dir, "related.json")),
    timeQuestions: readJson<TimeQuestion[]>(path.join(dir, "time-questions.json")),
  };
  const problems = checkSet(set);
  if (problems.length) throw new Error(`the evaluation set breaks its own rules:\n${problems.join("\n")}`);
  return set;
}

const wordsOf = (item: SetItem) => `${item.title ?? ""}\n${item.text}`;

/** Everything wrong with the set's labels, in plain words (empty when it is sound). */
export function checkSet(set: SearchSet): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, SetItem>();
  const times = new Set<string>();
  for (const item of set.items) {
    if (byKey.has(item.key)) problems.push(`item ${item.key} appears twice`);
    byKey.set(item.key, item);
    // items are matched to the server's ids by their time: each must be unique
    if (times.has(item.created)) problems.push(`item ${item.key}: another item has the time ${item.created}`);
    times.add(item.created);
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(item.created)) problems.push(`item ${item.key}: bad time`);
    if (item.type === "note" && !item.title) problems.push(`note ${item.key} has no title`);
    if (item.created.slice(0, 10) > set.today) problems.push(`item ${item.key} is after the set's today`);
  }
  const known = (where: string, keys: string[]) => {
    for (const key of keys) if (!byKey.has(key)) problems.push(`${where}: unknown item ${key}`);
  };
  for (const query of set.queries) {
    const where = `query 「${query.q}」`;
    known(where, query.relevant);
    if (query.relevant.length === 0) problems.push(`${where} has no relevant item`);
    const words = query.q.split(/\s+/);
    if (query.kind === "meaning") {
      const saying = set.items.filter((i) => wordsOf(i).includes(query.q)).map((i) => i.key);
      if (saying.length) problems.push(`${where} is meaning-only, but ${saying.join(", ")} say it`);
    } else {
      for (const key of query.relevant) {
        const item = byKey.get(key);
        if (item && !words.every((w) => wordsOf(item).includes(w))) {
          problems.push(`${where}: ${key} does not say every word of it`);
        }
      }
    }
  }
  for (const group of set.related) {
    known(`related group ${group.id}`, group.keys);
    if (group.keys.length < 2) problems.push(`related group ${group.id} has fewer than 2 items`);
  }
  for (const question of set.timeQuestions) {
    if (!TIME_EXPRESSIONS.includes(question.expression)) {
      problems.push(`time question 「${question.question}」: unknown expression ${question.expression}`);
    }
  }
  return problems;
}

/** The part of the set about some topics (item keys `<topic>-nn`): for a quick run of the pipeline. */
export function sliceSet(set: SearchSet, topics: string[], timeQuestions: number): SearchSet {
  const items = set.items.filter((i) => topics.includes(i.key.replace(/-\d+$/, "")));
  const kept = new Set(items.map((i) => i.key));
  return {
    today: set.today,
    items,
    queries: set.queries.filter((q) => q.relevant.every((k) => kept.has(k))),
    related: set.related.filter((g) => g.keys.every((k) => kept.has(k))),
    timeQuestions: set.timeQuestions.slice(0, timeQuestions),
  };
}

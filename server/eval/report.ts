/**
 * The figures of a run, and the text `npm run eval:search` prints. A mode the server does not
 * have is "n/a (not available)" with the reason, never a number.
 */

import { shiftedTime } from "./load-set.ts";
import type { Ranking } from "./measure.ts";
import { askedRange, beijingDayOf, groupRecall, inRange, mean, recallAt, reciprocalRank } from "./metrics.ts";
import type { EvalRun, ServerRun } from "./run-eval.ts";
import type { QueryKind, SearchSet } from "./search-set.ts";

export type Scores = Record<QueryKind | "all", { recall: number; mrr: number; queries: number }>;
export type NotAvailable = { na: string };
export type Figure<T> = T | NotAvailable;
export const isNa = <T>(f: Figure<T>): f is NotAvailable => typeof f === "object" && f !== null && "na" in f;

export type TimeScore = {
  share: number;
  allInRange: number;
  questions: number;
  citedNothing: number;
  perQuestion: {
    question: string;
    from: string;
    to: string;
    cited: number;
    outside: string[];
    /** Items of the set in the range: how much the answer could have stood on. */
    available: number;
  }[];
};

export type Figures = {
  keyword: Scores;
  vector: Scores;
  hybrid: Figure<Scores>;
  /** Share of the hybrid server's hits marked "meaning" or "both" (matchedBy), when it marks them. */
  hybridMeaningHits: Figure<number>;
  relatedWithoutEmbeddings: Figure<number>;
  relatedWithEmbeddings: Figure<number>;
  timeKeywordServer: TimeScore;
  timeHybridServer: TimeScore;
};

const KINDS: QueryKind[] = ["word", "multi", "meaning"];

export function scoreRankings(set: SearchSet, rankings: Ranking[]): Scores {
  const per = set.queries.map((q, i) => ({
    kind: q.kind,
    recall: recallAt(10, rankings[i]!.keys, q.relevant),
    rr: reciprocalRank(10, rankings[i]!.keys, q.relevant),
  }));
  const of = (rows: typeof per) => ({
    recall: mean(rows.map((r) => r.recall)),
    mrr: mean(rows.map((r) => r.rr)),
    queries: rows.length,
  });
  return {
    word: of(per.filter((r) => r.kind === "word")),
    multi: of(per.filter((r) => r.kind === "multi")),
    meaning: of(per.filter((r) => r.kind === "meaning")),
    all: of(per),
  };
}

function relatedScore(set: SearchSet, related: Map<string, string[]> | null): Figure<number> {
  if (!related) return { na: "GET /api/{ideas|notes}/{id}/related answers 404" };
  return mean(set.related.map((g) => groupRecall(g.keys, (key) => related.get(key) ?? [])));
}

export function scoreTime(run: EvalRun, answers: ServerRun["time"]): TimeScore {
  const dayOf = new Map(run.set.items.map((i) => [i.key, beijingDayOf(shiftedTime(i, run.shiftDays))]));
  const perQuestion = answers.map((a) => {
    const range = askedRange(a.question.expression, run.today);
    const outside = a.cited.filter((key) => !inRange(dayOf.get(key) ?? "", range));
    const available = [...dayOf.values()].filter((day) => inRange(day, range)).length;
    return { question: a.question.question, ...range, cited: a.cited.length, outside, available };
  });
  const allInRange = perQuestion.filter((q) => q.outside.length === 0).length;
  return {
    share: allInRange / Math.max(1, perQuestion.length),
    allInRange,
    questions: perQuestion.length,
    citedNothing: perQuestion.filter((q) => q.cited === 0).length,
    perQuestion,
  };
}

export function figuresOf(run: EvalRun): Figures {
  const { set, hybrid } = run;
  const embeddings = hybrid.embeddings;
  let hybridScores: Figure<Scores>;
  if (!embeddings.available)
    hybridScores = { na: "GET /api/ai/status has no embeddings: no semantic search" };
  else if (!embeddings.enabled) hybridScores = { na: "the server says embeddings are not enabled" };
  else if (embeddings.pending > 0) hybridScores = { na: `${embeddings.pending} items still not embedded` };
  else hybridScores = scoreRankings(set, hybrid.rankings);
  const marks = hybrid.rankings.flatMap((r) => r.matchedBy);
  const hybridMeaningHits = isNa(hybridScores)
    ? hybridScores
    : marks.some((m) => m === undefined)
      ? { na: "search results carry no matchedBy" }
      : marks.filter((m) => m !== "keyword").length / Math.max(1, marks.length);
  return {
    keyword: scoreRankings(set, run.keyword.rankings),
    vector: scoreRankings(set, run.vector),
    hybrid: hybridScores,
    hybridMeaningHits,
    relatedWithoutEmbeddings: relatedScore(set, run.keyword.related),
    relatedWithEmbeddings: isNa(hybridScores) ? hybridScores : relatedScore(set, hybrid.related),
    timeKeywordServer: scoreTime(run, run.keyword.time),
    timeHybridServer: scoreTime(run, hybrid.time),
  };
}

const n2 = (x: number) => x.toFixed(2);
const naText = (f: NotAvailable) => `n/a (not available: ${f.na})`;

/** The word and multi-word queries a mode did not fully find: what a keyword search must not lose. */
function misses(run: EvalRun, mode: string, rankings: Ranking[]): string[] {
  return run.set.queries.flatMap((q, i) => {
    if (q.kind === "meaning") return [];
    const found = new Set(rankings[i]!.keys.slice(0, 10));
    const missing = q.relevant.filter((key) => !found.has(key));
    return missing.length && recallAt(10, rankings[i]!.keys, q.relevant) < 1
      ? [`  ${mode} missed for 「${q.q}」 (${q.kind}): ${missing.join(" ")}`]
      : [];
  });
}

export function formatReport(run: EvalRun, figures: Figures): string {
  const { set } = run;
  const count = (kind: QueryKind) => set.queries.filter((q) => q.kind === kind).length;
  const columns = [...KINDS, "all" as const];
  const cells = (values: string[]) => values.map((v) => v.padStart(9)).join("");
  const row = (mode: string, s: Figure<Scores>) =>
    isNa(s)
      ? `${mode.padEnd(8)} ${naText(s)}`
      : `${mode.padEnd(8)}${cells(columns.map((k) => n2(s[k].recall)))}   ${cells(columns.map((k) => n2(s[k].mrr)))}`;
  const related = (f: Figure<number>) => (isNa(f) ? naText(f) : n2(f));
  const time = (t: TimeScore) =>
    `${t.allInRange}/${t.questions} = ${n2(t.share)} (${t.citedNothing} cited nothing)`;
  const lines = [
    `拾念 search evaluation: ${set.items.length} items, ${set.queries.length} queries (${count("word")} word, ${count("multi")} multi-word, ${count("meaning")} meaning-only), ${set.related.length} related groups, ${set.timeQuestions.length} time questions`,
    `run day ${run.today} (Beijing; items moved ${run.shiftDays >= 0 ? "+" : ""}${run.shiftDays} days from the set's ${set.today})`,
    `embeddings: ${run.embedderLabel}; hybrid server sent ${run.embeddedTexts ?? "?"} texts`,
    "",
    `${"".padEnd(8)}${"recall@10".padStart(9)}${"".padEnd(27)}   ${"MRR@10".padStart(9)}`,
    `${"mode".padEnd(8)}${cells(columns)}   ${cells(columns)}`,
    row("keyword", figures.keyword),
    row("vector", figures.vector),
    row("hybrid", figures.hybrid),
    ...misses(run, "keyword", run.keyword.rankings),
    ...(isNa(figures.hybrid) ? [] : misses(run, "hybrid", run.hybrid.rankings)),
    `hybrid hits marked meaning/both: ${isNa(figures.hybridMeaningHits) ? naText(figures.hybridMeaningHits) : n2(figures.hybridMeaningHits)}`,
    "",
    `related recall@5 without embeddings: ${related(figures.relatedWithoutEmbeddings)}`,
    `related recall@5 with embeddings:    ${related(figures.relatedWithEmbeddings)}`,
    "",
    `time questions whose citations all fall in the asked range (本地模式 chat):`,
    `  keyword server: ${time(figures.timeKeywordServer)}`,
    `  hybrid server:  ${time(figures.timeHybridServer)}`,
    "  per question on the keyword server (asked range, items of the set in it, items cited, those outside it):",
    ...figures.timeKeywordServer.perQuestion.map(
      (q) =>
        `    ${q.from}…${q.to}  holds ${q.available}, cited ${q.cited}, outside ${q.outside.length ? q.outside.join(" ") : "none"}  「${q.question}」`,
    ),
  ];
  return lines.join("\n");
}

import { afterAll, describe, expect, it } from "vitest";
import { fakeEmbedder, providerEmbedder } from "../../eval/embedders.ts";
import { FAKE_DIMENSIONS, fakeEmbed } from "../../eval/fake-embedder.ts";
import { addMonths, askedRange, groupRecall, recallAt, reciprocalRank } from "../../eval/metrics.ts";
import { figuresOf, formatReport, isNa } from "../../eval/report.ts";
import { runSearchEval } from "../../eval/run-eval.ts";
import { checkSet, loadSearchSet, sliceSet } from "../../eval/search-set.ts";
import { freshDatabase, killAllChildren } from "../child-server.ts";
import { onOneDatabase } from "../helpers.ts";
import { startFakeEmbeddingProvider } from "../support/fake-embedding-provider.ts";

const set = loadSearchSet();

describe("search evaluation: metrics", () => {
  it("recall@10 and reciprocal rank on a ranking worked out by hand", () => {
    const ranked = ["x", "a", "y", "b", "z"];
    expect(recallAt(10, ranked, ["a", "b", "c"])).toBeCloseTo(2 / 3);
    expect(recallAt(2, ranked, ["a", "b"])).toBe(0.5);
    expect(reciprocalRank(10, ranked, ["b", "a"])).toBe(1 / 2);
    expect(reciprocalRank(3, ranked, ["b"])).toBe(0);
    // more relevant items than k: a list of k relevant ones is as good as k allows
    const many = Array.from({ length: 12 }, (_, i) => `r${i}`);
    expect(recallAt(10, many, many)).toBe(1);
  });

  it("related recall@5 averages over each member of a group as the item shown", () => {
    const related: Record<string, string[]> = { a: ["b", "q"], b: ["x", "y"], c: ["a", "b"] };
    // a finds 1 of 2, b finds 0 of 2, c finds 2 of 2
    expect(groupRecall(["a", "b", "c"], (k) => related[k] ?? [])).toBeCloseTo(0.5);
  });

  it("each time question's hand-labelled range is what its expression asks on the set's day", () => {
    for (const q of set.timeQuestions)
      expect(askedRange(q.expression, set.today), q.question).toEqual(q.range);
  });

  it("time expressions across month and year boundaries", () => {
    expect(askedRange("上个月", "2027-01-15")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(askedRange("上个月", "2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(askedRange("三月份", "2027-02-10")).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(askedRange("上周", "2026-11-30")).toEqual({ from: "2026-11-23", to: "2026-11-29" }); // a Monday
    expect(askedRange("上周", "2027-01-03")).toEqual({ from: "2026-12-21", to: "2026-12-27" }); // a Sunday
    expect(askedRange("昨天", "2027-01-01")).toEqual({ from: "2026-12-31", to: "2026-12-31" });
    expect(askedRange("去年", "2027-01-01")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(addMonths("2028-02-29", -12)).toBe("2027-02-28");
  });
});

describe("search evaluation: the labelled set", () => {
  it("holds at least 300 items over about two years and 60 queries of every kind", () => {
    expect(set.items.length).toBeGreaterThanOrEqual(300);
    expect(set.queries.length).toBeGreaterThanOrEqual(60);
    for (const kind of ["word", "multi", "meaning"]) {
      expect(set.queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(15);
    }
    const days = set.items.map((i) => i.created.slice(0, 10)).sort();
    expect(days[0]! < "2025-01-01" && days.at(-1) === set.today).toBe(true);
    expect(set.related.length).toBeGreaterThanOrEqual(10);
  });

  it("a label that breaks the set's rules is named", () => {
    const broken = structuredClone(set);
    broken.queries.push({ q: "团子", kind: "meaning", relevant: ["pet-01", "nope-01"] });
    const problems = checkSet(broken);
    expect(problems).toContain("query 「团子」: unknown item nope-01");
    expect(problems.some((p) => /^query 「团子」 is meaning-only, but .*\bpet-01\b/.test(p))).toBe(true);
  });
});

describe("search evaluation: the fake embedding provider", () => {
  it("the fake embedder gives unit vectors, the same for the same text", () => {
    const [a, b, again] = ["周末去西湖边跑步", "跑步训练计划", "周末去西湖边跑步"].map(fakeEmbed);
    expect(a).toHaveLength(FAKE_DIMENSIONS);
    expect(Math.hypot(...b!)).toBeCloseTo(1);
    expect(again).toEqual(a);
  });

  it("a real provider is asked in batches of AI_EMBEDDING_BATCH, through the same protocol", async () => {
    const server = await startFakeEmbeddingProvider({ embed: fakeEmbed });
    try {
      const provider = providerEmbedder({ baseUrl: server.url, model: "m", batch: 4 });
      const texts = set.items.slice(0, 10).map((i) => i.text);
      expect(await provider.embedMany(texts)).toEqual(texts.map(fakeEmbed));
      expect(server.requests.map((r) => r.input.length)).toEqual([4, 4, 2]);
      expect(provider.env).toMatchObject({ AI_EMBEDDING_MODEL: "m", AI_EMBEDDING_BATCH: "4" });
    } finally {
      await server.close();
    }
  });
});

onOneDatabase((ctx) => {
  afterAll(() => killAllChildren());

  it("the evaluation runs end to end on a slice of the set, over HTTP against two real servers", async () => {
    const slice = sliceSet(set, ["run", "sleep", "pet", "money"], 3);
    const embedder = await fakeEmbedder();
    try {
      const run = await runSearchEval({
        set: slice,
        embedder,
        freshDatabase: async () => {
          const db = await freshDatabase(ctx, "shinian_eval");
          return { env: { DATABASE_URL: db.url }, drop: async () => void (await db.drop()) };
        },
        embedTimeoutMs: 60_000,
      });
      const figures = figuresOf(run);
      // every query was asked of the keyword server and ranked in the vector mode
      expect(run.keyword.rankings).toHaveLength(slice.queries.length);
      expect(figures.keyword.all.queries).toBe(slice.queries.length);
      expect(figures.vector.all.queries).toBe(slice.queries.length);
      // the server's ids were mapped back to the set's keys: a word query's hits are set items
      const word = run.keyword.rankings[slice.queries.findIndex((q) => q.kind === "word")]!;
      expect(word.keys.length).toBeGreaterThan(0);
      expect(word.keys.every((k) => slice.items.some((i) => i.key === k))).toBe(true);
      // each time question was answered in 本地模式 and judged against its range
      expect(figures.timeKeywordServer.questions).toBe(3);
      // hybrid: measured when the server embeds, else said to be unavailable (never a made-up figure)
      if (isNa(figures.hybrid)) expect(figures.hybrid.na).toMatch(/embeddings|embedded/);
      else expect(run.embeddedTexts).toBeGreaterThanOrEqual(slice.items.length);
      expect(formatReport(run, figures)).toContain(
        `${slice.items.length} items, ${slice.queries.length} queries`,
      );
    } finally {
      await embedder.close();
    }
  }, 240_000);
});

import type { Annotation, Citation, ItemRef } from "@shinian/contract";
import { plainTitle } from "@shinian/contract/plain-text";
import type { Queryable } from "../db/pool.ts";
import { groundingInsights } from "../insights/insights.store.ts";
import { latestAnnotations } from "../items/annotations.store.ts";
import {
  type CreatedWithin,
  newestSources,
  rankedSources,
  type SourceRow,
  subjectSource,
} from "../search/search.store.ts";
import { quoteLexeme, tokenize } from "../search/words.ts";
import { beijingDay } from "../shared/beijing-time.ts";
import { type MeaningLookup, withMeaning } from "./grounding-meaning.ts";
import { type ImageNames, imageNamesOf, withImageMentions } from "./image-mentions.ts";

/** One idea or note handed to the model (or listed by the offline assistant). */
export type Source = Citation & { text: string; createdAt: Date };

// Question words carry no topic: with them an OR-query would rank every "我…" note first. So do
// the app's own nouns: in "我对X有什么想法" only X is the subject, and ranking every idea that
// happens to say 想法 costs milliseconds per question in a large account.
const STOPWORDS = new Set(
  (
    "我 你 他 她 它 我们 你们 他们 的 地 得 了 着 过 是 在 有 和 与 及 或 也 都 就 还 又 吗 呢 吧 啊 呀 么 嘛 " +
    "什么 怎么 怎样 如何 为什么 哪 哪些 哪个 哪里 多少 几 这 那 这个 那个 这些 那些 一个 一些 关于 对于 " +
    "请 帮 帮我 给 给我 告诉 说 说说 讲讲 一下 看看 能 能不能 可以 会 要 想 让 把 被 从 到 对 之前 以前 " +
    "最近 曾经 上次 总结 整理 介绍 列出 记录 写 写过 提到 相关 内容 东西 事情 问题 想法 笔记 " +
    // the segmenter's pairs of the above: 我都在想什么 → 我|都在|想|什么
    "都在 我在 在想 都去 干 嘛 干嘛 啥 些 " +
    "a an the of to is are"
  ).split(/\s+/),
);

const PER_SOURCE_CHARS = 600;
/** At most this many 洞察 the person let the assistant read (让 AI 助手参考这份洞察), after the items. */
const INSIGHT_SOURCES = 2;
const SUBJECT_CHARS = 2000;
const SOURCE_LIMIT = 6;

const CJK = /[\u3000-\u9fff\uf900-\ufaff\uff00-\uffef]/;
const EVERY_CJK = new RegExp(CJK.source, "g");

/** Rough token count: a CJK character is about one token, other text about four characters per token. */
function estimateTokens(text: string): number {
  const cjk = text.match(EVERY_CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** The longest start of `text` that costs at most `tokens` (estimateTokens), with … when cut. */
function clipToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  let cost = 0;
  let end = 0;
  for (const ch of text) {
    cost += CJK.test(ch) ? 1 : 0.25;
    if (cost > tokens - 1) break;
    end += ch.length;
  }
  return `${text.slice(0, end)}…`;
}

/**
 * Cuts the texts of chosen sources (整理成笔记's ideas) so that together they fit `budgetTokens`,
 * fairly: short ones stay whole, and what they leave is shared among the long ones.
 */
export function fitSources(sources: Source[], budgetTokens: number): Source[] {
  const costOf = (s: Source) => estimateTokens(s.text);
  const overhead = (s: Source) => estimateTokens(s.title) + 10;
  let left = budgetTokens - sources.reduce((sum, s) => sum + overhead(s), 0);
  const shares = new Map<Source, number>();
  const bySize = [...sources].sort((a, b) => costOf(a) - costOf(b));
  bySize.forEach((s, i) => {
    const share = Math.max(0, Math.min(costOf(s), Math.floor(left / (bySize.length - i))));
    shares.set(s, share);
    left -= share;
  });
  return sources.map((s) => ({ ...s, text: clipToTokens(s.text, shares.get(s) ?? 0) }));
}

function questionTerms(question: string): string[] {
  return [...new Set(tokenize(question))].filter((t) => !STOPWORDS.has(t));
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
const titleOf = (r: SourceRow, text: string) => r.title || plainTitle(text, 20);
/** An idea's newest 批注 the model reads with it, each with its Beijing date. */
const ANNOTATIONS_PER_SOURCE = 5;
type Annotated = Map<string, Annotation[]>;
/** At most `max` characters, … included. */
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
/** A 批注 as the model reads it: dated (Beijing), at most `max` characters. */
export const datedAnnotation = (
  a: Pick<Annotation, "content" | "createdAt">,
  max = Number.POSITIVE_INFINITY,
) => cut(`批注（${beijingDay(new Date(a.createdAt))}）：${a.content.trim()}`, max);
const annotationLine = (a: Annotation, max: number) => `\n\n${datedAnnotation(a, max - 2)}`;
/** A 批注 given fewer characters is left out (its share goes to the others): its date and a few words. */
const MIN_ANNOTATION_LINE = "\n\n批注（2026-01-01）：".length + 8;

/**
 * An idea's words with its 批注 after them, dated, in at most `max` characters: the idea keeps at
 * least half when its thread is long, and what is left is shared fairly among the 批注 (short
 * ones whole), so a long idea never cuts its thread away, nor one long 批注 the others.
 */
export function withAnnotations(own: string, annotations: readonly Annotation[], max: number): string {
  if (!annotations.length) return clip(own, max);
  const lines = annotations.map((a) => annotationLine(a, Number.POSITIVE_INFINITY));
  const threadLength = lines.reduce((n, line) => n + line.length, 0);
  const head = cut(own, Math.max(max - threadLength, Math.ceil(max / 2)));
  let left = max - head.length;
  const shares = new Map<number, number>();
  const shortestFirst = lines.map((line, i) => ({ line, i })).sort((a, b) => a.line.length - b.line.length);
  shortestFirst.forEach(({ line, i }, n) => {
    const share = Math.min(line.length, Math.floor(left / (lines.length - n)));
    if (share < Math.min(line.length, MIN_ANNOTATION_LINE)) return;
    shares.set(i, share);
    left -= share;
  });
  return head + annotations.map((a, i) => (shares.has(i) ? annotationLine(a, shares.get(i)!) : "")).join("");
}

/** A source as the model reads it: its pictures by name (image-mentions.ts), its 批注, cut to `max`. */
const toSource = (r: SourceRow, max: number, images: ImageNames, annotated: Annotated): Source => {
  const own = withImageMentions(r.content, images.get(r.id)).trim();
  return {
    type: r.type,
    id: r.id,
    title: titleOf(r, own),
    text: withAnnotations(own, annotated.get(r.id) ?? [], max),
    createdAt: r.created_at,
  };
};

/**
 * The user's own ideas and notes most relevant to a question: any of its words (OR), ranked,
 * never an idea marked 不让AI读取. With no match, the newest items, so "总结一下最近的想法" still
 * has something to stand on (`recent` says so). A side chat's subject always comes first.
 * With a time range (the question's 上个月 …, ai/time-range.ts; `question` is then the
 * rest of it), only items created in it. With `meaning` (embeddings on), items close in meaning
 * join (grounding-meaning.ts). Then the person's 洞察 that share its words, only those they opted
 * in (never one they did not, and none for a time range). Everything is cut to fit `budgetTokens`.
 */
export async function retrieveSources(
  db: Queryable,
  userId: string,
  question: string,
  budgetTokens: number,
  subject: ItemRef | null = null,
  range: CreatedWithin = null,
  meaning?: MeaningLookup,
): Promise<{ sources: Source[]; recent: boolean }> {
  const sources: Source[] = [];
  let budget = budgetTokens;
  const add = (s: Source) => {
    const cost = estimateTokens(s.title) + estimateTokens(s.text) + 10;
    if (cost > budget) return false;
    budget -= cost;
    sources.push(s);
    return true;
  };
  if (subject) {
    const row = await subjectSource(db, userId, subject);
    if (row)
      add(
        toSource(
          row,
          SUBJECT_CHARS,
          await imageNamesOf(db, userId, [row.id]),
          await annotationsOf(db, userId, [row]),
        ),
      );
  }
  const skip = sources.map((s) => s.id);
  const terms = questionTerms(question);
  const tsquery = terms.length ? terms.map(quoteLexeme).join(" | ") : null;
  const [keyword, byMeaning] = await Promise.all([
    tsquery ? rankedSources(db, userId, tsquery, SOURCE_LIMIT, skip, range) : [],
    meaning?.(question, skip, SOURCE_LIMIT) ?? [],
  ]);
  let rows: SourceRow[] = withMeaning(keyword, byMeaning.filter(createdIn(range)), SOURCE_LIMIT);
  const recent = rows.length === 0;
  if (recent) rows = await newestSources(db, userId, SOURCE_LIMIT, skip, range);
  const images = await imageNamesOf(
    db,
    userId,
    rows.map((r) => r.id),
  );
  const annotated = await annotationsOf(db, userId, rows, tsquery);
  for (const row of rows) add(toSource(row, PER_SOURCE_CHARS, images, annotated));
  if (!range)
    for (const i of await groundingInsights(db, userId, terms, INSIGHT_SOURCES))
      add({
        type: "insight",
        id: i.id,
        title: i.title,
        text: clip(i.body, PER_SOURCE_CHARS),
        createdAt: i.created_at,
      });
  return { sources, recent };
}

/** The ideas' 批注 the model reads; with `matching` (the question's words), those holding one first. */
const annotationsOf = (db: Queryable, userId: string, rows: SourceRow[], matching: string | null = null) =>
  latestAnnotations(
    db,
    userId,
    rows.filter((r) => r.type === "idea").map((r) => r.id),
    ANNOTATIONS_PER_SOURCE,
    matching,
  );

const createdIn = (range: CreatedWithin) => (row: SourceRow) =>
  !range || (row.created_at >= range.from && row.created_at < range.to);

/** 洞察's words and bounds, without zod: the app's 洞察 page reads them without the schemas. */

/** How many items one 洞察 reads at most: a bigger scope is cut to its newest. */
export const INSIGHT_MAX_ITEMS = 100;
/** Fewer items than this and there is nothing to read across: said honestly, nothing charged. */
export const INSIGHT_MIN_ITEMS = 3;
export const INSIGHT_PROMPT_MAX = 500;

/** The ways of reading a scope; `custom` is the person's own prompt. */
export const INSIGHT_LENSES = [
  "summary",
  "inversion",
  "second_order",
  "values",
  "evolution",
  "custom",
] as const;
export type InsightLens = (typeof INSIGHT_LENSES)[number];
export const INSIGHT_LENS_LABELS: Record<InsightLens, string> = {
  summary: "总结",
  inversion: "逆向思考",
  second_order: "二阶思考",
  values: "价值澄清",
  evolution: "演变",
  custom: "自定义",
};

type ScopeWords = {
  tag?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  last?: number | undefined;
};

/** The scope in words, as a title and the list show it: `#读书 · 「拉坯」 · 2026-11-01 至 2026-11-30 · 最近 20 条`. */
export function insightScopeLabel(scope: ScopeWords): string {
  const parts: string[] = [];
  if (scope.tag) parts.push(`#${scope.tag}`);
  if (scope.q) parts.push(`「${scope.q}」`);
  if (scope.from && scope.to)
    parts.push(scope.from === scope.to ? scope.from : `${scope.from} 至 ${scope.to}`);
  else if (scope.from) parts.push(`${scope.from} 起`);
  else if (scope.to) parts.push(`${scope.to} 及以前`);
  if (scope.last) parts.push(`最近 ${scope.last} 条`);
  return parts.join(" · ");
}

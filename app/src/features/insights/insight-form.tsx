import type { InsightScope } from "@shinian/contract";
import { INSIGHT_LENS_LABELS, INSIGHT_LENSES, type InsightLens } from "@shinian/contract/insight-lenses";
import { Alert, Button, Field, Input, Select, Textarea } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import * as React from "react";
import { fetchTags } from "../../api/tags.ts";
import { insightPriceQuery } from "../../data/insights.ts";
import { PriceLine } from "./price-line.tsx";

type ScopeKind = "tag" | "range" | "last";

const KINDS = [
  { value: "tag", label: "一个标签" },
  { value: "range", label: "一段日期" },
  { value: "last", label: "最近几条" },
];
const LENSES = INSIGHT_LENSES.map((value) => ({
  value,
  label: value === "custom" ? "自己写提示" : INSIGHT_LENS_LABELS[value],
}));

/** The scope as the server takes it, or null while the form cannot say one yet. */
function scopeOf(kind: ScopeKind, tag: string, from: string, to: string, last: string): InsightScope | null {
  if (kind === "tag") return tag ? { tag } : null;
  if (kind === "range") return from && to && from <= to ? { from, to } : null;
  const n = Number(last);
  return Number.isInteger(n) && n >= 1 && n <= 100 ? { last: n } : null;
}

/** The scope with 演变's 关键词 (its search query), which narrows whatever else is chosen. */
function withKeyword(scope: InsightScope | null, lens: InsightLens, keyword: string): InsightScope | null {
  const q = keyword.trim();
  return scope && lens === "evolution" && q ? { ...scope, q } : scope;
}

export type InsightFormValue = { scope: InsightScope; lens: InsightLens; prompt?: string };

/** Scope, lens and own prompt; the price is asked for as the scope is chosen, before 生成. */
export function InsightForm({
  onSubmit,
  pending,
}: {
  onSubmit: (value: InsightFormValue) => void;
  pending: boolean;
}) {
  const [kind, setKind] = React.useState<ScopeKind>("last");
  const [tag, setTag] = React.useState("");
  const [from, setFrom] = React.useState("");
  const [to, setTo] = React.useState("");
  const [last, setLast] = React.useState("20");
  const [lens, setLens] = React.useState<InsightLens>("summary");
  const [prompt, setPrompt] = React.useState("");
  const [keyword, setKeyword] = React.useState("");
  // priced once typing pauses, not per keystroke (nor per step of a pinyin input method)
  const [pricedKeyword, setPricedKeyword] = React.useState("");
  React.useEffect(() => {
    const wait = setTimeout(() => setPricedKeyword(keyword), 400);
    return () => clearTimeout(wait);
  }, [keyword]);
  const tags = useQuery({ queryKey: ["tags"], queryFn: fetchTags, enabled: kind === "tag" });
  const scope = withKeyword(scopeOf(kind, tag, from, to, last), lens, pricedKeyword);
  const price = useQuery({ ...insightPriceQuery(scope ?? {}), enabled: scope !== null });
  const cost = scope ? price.data : undefined;
  const ready =
    keyword === pricedKeyword &&
    cost?.available === true &&
    !cost.tooFew &&
    cost.balance >= cost.points &&
    (lens !== "custom" || prompt.trim() !== "");

  return (
    <form
      aria-label="生成洞察"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || !scope) return;
        onSubmit({ scope, lens, ...(lens === "custom" ? { prompt: prompt.trim() } : {}) });
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Field label="范围">
          {(c) => (
            <Select
              {...c}
              options={KINDS}
              value={kind}
              onChange={(e) => setKind(e.target.value as ScopeKind)}
            />
          )}
        </Field>
        {kind === "tag" ? (
          <Field label="标签">
            {(c) => (
              <Select
                {...c}
                options={[
                  { value: "", label: tags.isPending ? "正在加载标签…" : "选择一个标签" },
                  ...(tags.data ?? []).map((t) => ({ value: t.name, label: `#${t.name}（${t.count}）` })),
                ]}
                value={tag}
                onChange={(e) => setTag(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        {kind === "range" ? (
          <div className="grid grid-cols-2 gap-3">
            <Field label="开始日期">
              {(c) => <Input {...c} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
            </Field>
            <Field label="结束日期" error={from && to && from > to ? "结束日期不能早于开始日期" : undefined}>
              {(c) => <Input {...c} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
            </Field>
          </div>
        ) : null}
        {kind === "last" ? (
          <Field label="条数" hint="1 到 100 条">
            {(c) => (
              <Input
                {...c}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={last}
                onChange={(e) => setLast(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        <Field label="视角">
          {(c) => (
            <Select
              {...c}
              options={LENSES}
              value={lens}
              onChange={(e) => setLens(e.target.value as InsightLens)}
            />
          )}
        </Field>
        {lens === "evolution" ? (
          <Field label="关键词" hint="可不填；填了只看含这个词的记录，和上面的范围一起用">
            {(c) => (
              <Input
                {...c}
                type="search"
                enterKeyHint="done"
                maxLength={100}
                placeholder="例如：拉坯"
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                // Enter here never starts 生成 (it spends points): only the button does
                onKeyDown={(e) => {
                  if (e.key === "Enter") e.preventDefault();
                }}
              />
            )}
          </Field>
        ) : null}
      </div>
      {lens === "custom" ? (
        <Field label="你的提示" hint="例如：这些记录里，我对工作的态度有什么变化？">
          {(c) => (
            <Textarea
              {...c}
              maxLength={500}
              rows={3}
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      {price.error ? <Alert tone="error" description="价格查询失败，请稍后再试" /> : null}
      {scope && price.data ? <PriceLine price={price.data} /> : null}
      <Button type="submit" loading={pending} disabled={!ready} className="self-end max-md:h-11">
        生成
      </Button>
    </form>
  );
}

import type { SearchResult } from "@shinian/contract";
import { Alert, Button, Card, EmptyState, PageLoading } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { createIdea } from "../../api/item-changes.ts";
import { search } from "../../api/search.ts";
import { SearchHit } from "../ideas/search-hit.tsx";

export function SearchResults({ query }: { query: string }) {
  const navigate = useNavigate();
  const [result, setResult] = React.useState<SearchResult | null>(null);
  const items = result?.items ?? null;
  const [error, setError] = React.useState<string | null>(null);
  const [saved, setSaved] = React.useState(false);
  const [saving, setSaving] = React.useState(false);
  // said once, under the results, when words alone were compared (and why)
  const keywordsOnly = {
    off: "目前只按关键词查找，意思相近的说法还找不到",
    failed: "这次只按关键词查找：按意思查找暂时不可用",
    used: null,
  }[result?.meaning ?? "used"];

  React.useEffect(() => {
    let live = true;
    setResult(null);
    setError(null);
    setSaved(false);
    search(query).then(
      (found) => live && setResult(found),
      (e) => live && setError(errorMessage(e, "搜索失败")),
    );
    return () => {
      live = false;
    };
  }, [query]);

  const terms = query.split(/\s+/).filter(Boolean);

  const saveAsIdea = async () => {
    setSaving(true);
    try {
      await createIdea({ content: query });
      setSaved(true);
    } catch (e) {
      setError(errorMessage(e, "保存失败"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-label="搜索结果" className="flex flex-col gap-4">
      {/* The count wraps rather than being cut; the actions go under it when the line is full. Neither
          is filled: reading the results is the point, and 保存为想法 saves the query itself. */}
      <Card className="flex-row flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4">
        <p className="min-w-0 flex-1 basis-48 text-sm [overflow-wrap:anywhere]">
          「<span className="font-semibold">{query}</span>」的搜索结果{items ? `（${items.length}）` : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="max-lg:h-11"
            onClick={() => void navigate({ to: "/chat", search: { q: query } })}
          >
            问AI
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="max-lg:h-11"
            onClick={() => void navigate({ to: "/timeline", search: { q: query } })}
          >
            看演变
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="max-lg:h-11"
            onClick={() => void saveAsIdea()}
            loading={saving}
            disabled={saved}
          >
            {saved ? "已保存" : "保存为想法"}
          </Button>
        </div>
      </Card>
      {error ? <Alert tone="error" description={error} /> : null}
      {items === null && !error ? <PageLoading text="正在搜索..." /> : null}
      {items?.length === 0 ? (
        <EmptyState title="没有找到相关内容" description="换个关键词试试，或把它保存为一个新想法。" />
      ) : null}
      {items && items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {items.map((item) => {
            const highlights = {
              snippet: item.highlights.map((h) => [h.start, h.end] as [number, number]),
              terms,
            };
            return (
              <li key={`${item.type}-${item.id}`}>
                <SearchHit item={item} highlights={highlights} />
              </li>
            );
          })}
        </ul>
      ) : null}
      {items && keywordsOnly ? (
        <p data-slot="search-keywords-only" className="text-center text-xs text-muted-foreground">
          {keywordsOnly}
        </p>
      ) : null}
    </section>
  );
}

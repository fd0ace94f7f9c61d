import { INSIGHT_LENS_LABELS } from "@shinian/contract/insight-lenses";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Input,
  PageLoading,
  WebLayout,
} from "@shinian/ui";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { createInsight, insightKeys, insightListQuery } from "../../data/insights.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { InsightForm, type InsightFormValue } from "./insight-form.tsx";

/** /insights (洞察): run a report over a scope through a lens, and the reports made so far. */
export function InsightsScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [q, setQ] = React.useState("");
  const [running, setRunning] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const list = useInfiniteQuery(insightListQuery(q.trim()));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const run = async (value: InsightFormValue) => {
    setRunning(true);
    setError(null);
    try {
      const { insight } = await createInsight(value);
      queryClient.setQueryData(insightKeys.one(insight.id), insight);
      await queryClient.invalidateQueries({ queryKey: insightKeys.all });
      void navigate({ to: "/insights/$id", params: { id: insight.id } });
    } catch (e) {
      setError(errorMessage(e, "生成洞察失败"));
    } finally {
      setRunning(false);
    }
  };

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <h1 className="font-bold text-2xl">洞察</h1>
        <p className="text-muted-foreground text-sm">
          选一段记录和一个视角，让 AI 写一份报告，每个要点都引用你当时的原话。洞察和想法、笔记分开保存，AI
          对话不会读取它们。
        </p>
        <Card>
          <CardHeader>
            <CardTitle>生成洞察</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {error ? <Alert tone="error" description={error} /> : null}
            <InsightForm onSubmit={(value) => void run(value)} pending={running} />
          </CardContent>
        </Card>
        <section aria-labelledby="insight-list-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="insight-list-title" className="font-semibold text-lg">
              我的洞察
            </h2>
            <Input
              type="search"
              aria-label="按标题搜索洞察"
              placeholder="按标题搜索"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              className="w-full md:w-64"
            />
          </div>
          {list.error ? <Alert tone="error" description={errorMessage(list.error, "加载失败")} /> : null}
          {list.isPending ? <PageLoading /> : null}
          {list.data && !items.length ? (
            <EmptyState
              title={q.trim() ? "没有找到这样的洞察" : "还没有洞察"}
              description={q.trim() ? "换个词试试。" : "在上面选好范围和视角，点「生成」。"}
            />
          ) : null}
          <ul aria-label="洞察列表" className="flex flex-col gap-3">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  to="/insights/$id"
                  params={{ id: item.id }}
                  className="flex flex-col gap-1 rounded-lg border border-border bg-background p-4 outline-none transition-colors hover:border-primary/40 focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="font-medium">{item.title}</span>
                  <span className="text-muted-foreground text-xs">
                    {item.kind === "digest" ? "周报/月报" : INSIGHT_LENS_LABELS[item.lens]} ·{" "}
                    {formatDateTime(item.createdAt)}
                    {item.unread ? <strong className="font-medium text-primary"> · 未读</strong> : null}
                  </span>
                  {item.excerpt ? (
                    <span className="line-clamp-2 text-muted-foreground text-sm">{item.excerpt}</span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center max-md:h-11"
              loading={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              加载更多
            </Button>
          ) : null}
        </section>
      </WebLayout>
    </AppShell>
  );
}

import { INSIGHT_LENS_LABELS, insightScopeLabel } from "@shinian/contract/insight-lenses";
import { Alert, Button, ConfirmDialog, InsightCard, PageLoading, WebLayout } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { deleteInsight, insightKeys, insightQuery } from "../../data/insights.ts";
import { citationHref, citationRoute } from "../../lib/citation-link.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { AppShell } from "../layout/app-shell.tsx";

/** /insights/$id: one report, its citations leading to the ideas and notes it read. */
export function InsightScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const insight = useQuery(insightQuery(id));
  const [deleting, setDeleting] = React.useState(false);
  const data = insight.data;

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-4 py-4 md:py-8">
        <Button asChild variant="ghost" size="sm" className="self-start max-md:h-11">
          <Link to="/insights">← 全部洞察</Link>
        </Button>
        {insight.error ? <Alert tone="error" description={errorMessage(insight.error, "加载失败")} /> : null}
        {insight.isPending ? <PageLoading /> : null}
        {data ? (
          <InsightCard
            title={data.title}
            lens={INSIGHT_LENS_LABELS[data.lens]}
            date={formatDateTime(data.createdAt)}
            scope={insightScopeLabel(data.scope)}
            itemCount={data.itemCount}
            body={data.body}
            citations={data.citations.map((c) => ({
              type: c.type,
              id: c.id,
              title: c.title,
              ref: c.ref ?? 0,
              href: citationHref(c),
            }))}
            onNavigateCitation={(event, c) => {
              event.preventDefault();
              void navigate(citationRoute(c));
            }}
            onDelete={() => setDeleting(true)}
          />
        ) : null}
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="删除这份洞察？"
          description="删除后无法恢复；它引用的想法和笔记不受影响。"
          confirmLabel="删除"
          onConfirm={async () => {
            await deleteInsight(id);
            queryClient.removeQueries({ queryKey: insightKeys.one(id) });
            await queryClient.invalidateQueries({ queryKey: insightKeys.all });
            void navigate({ to: "/insights" });
          }}
        />
      </WebLayout>
    </AppShell>
  );
}

import { INSIGHT_LENS_LABELS, insightScopeLabel } from "@shinian/contract/insight-lenses";
import { Alert, Button, Checkbox, ConfirmDialog, InsightCard, PageLoading, WebLayout } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import {
  deleteInsight,
  insightKeys,
  insightQuery,
  markInsightRead,
  setInsightGrounding,
} from "../../data/insights.ts";
import { citationHref, citationRoute } from "../../lib/citation-link.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { AppShell } from "../layout/app-shell.tsx";

/**
 * /insights/$id: one report, its citations leading to the ideas and notes it read. A digest
 * (周报/月报) opened here is read: the navigation's badge goes.
 */
export function InsightScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const insight = useQuery(insightQuery(id));
  const [deleting, setDeleting] = React.useState(false);
  const [grounding, setGrounding] = React.useState<{ saving: boolean; error: string | null }>({
    saving: false,
    error: null,
  });
  const data = insight.data;
  const unread = data?.kind === "digest" && !data.readAt;
  // once per opening: updating the stored user gives a new updateUser
  const marked = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!unread || marked.current === id) return;
    marked.current = id;
    markInsightRead(id).then(
      ({ unreadDigests }) => {
        updateUser({ unreadDigests });
        void queryClient.invalidateQueries({ queryKey: insightKeys.all });
      },
      () => undefined, // still unread: marked the next time it is opened
    );
  }, [unread, id, updateUser, queryClient]);
  // shown at once, put back if the server refuses
  const toggleGrounding = async (on: boolean) => {
    const before = queryClient.getQueryData(insightKeys.one(id));
    if (before) queryClient.setQueryData(insightKeys.one(id), { ...before, aiGrounding: on });
    setGrounding({ saving: true, error: null });
    try {
      queryClient.setQueryData(insightKeys.one(id), await setInsightGrounding(id, on));
      setGrounding({ saving: false, error: null });
    } catch (e) {
      queryClient.setQueryData(insightKeys.one(id), before);
      setGrounding({ saving: false, error: errorMessage(e, "保存失败") });
    }
  };

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
        {data ? (
          <Checkbox
            id="insight-grounding"
            checked={data.aiGrounding}
            disabled={grounding.saving}
            onChange={(e) => void toggleGrounding(e.target.checked)}
          >
            让 AI 助手参考这份洞察（关闭时，AI 助手回答问题不会读取它）
          </Checkbox>
        ) : null}
        {grounding.error ? <Alert tone="error" description={grounding.error} /> : null}
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

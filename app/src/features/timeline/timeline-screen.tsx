import { Alert, Button, EmptyState, PageLoading, Timeline, WebLayout } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { errorMessage } from "../../api/client.ts";
import { timelineQuery } from "../../data/timeline.ts";
import { timelineSubject } from "../../lib/page-title.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { EvolutionRun } from "./evolution-run.tsx";

/** /timeline?tag=…|q=… (演变): the items by date, and on request the AI's account of how the view changed. */
export default function TimelineScreen(search: { tag?: unknown; q?: unknown }) {
  // the tab's title names the same (root-layout.tsx)
  const { tag, q, title } = timelineSubject(search);
  const navigate = useNavigate();
  const timeline = useQuery({ ...timelineQuery({ tag, q }), enabled: Boolean(tag || q) });
  const items = timeline.data?.items ?? [];

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <div className="flex flex-col gap-1">
          <h1 className="font-bold text-2xl [overflow-wrap:anywhere]">{title}</h1>
          <p className="text-muted-foreground text-sm">
            按时间从早到晚排列这些记录，带上它们的批注和链接，看一个想法是怎么变过来的。
          </p>
        </div>
        {!tag && !q ? (
          <EmptyState
            title="还没有选择标签或搜索词"
            description="在首页的标签栏选一个标签，或搜索一个词，再点「看演变」。"
          />
        ) : null}
        {timeline.error ? (
          <Alert tone="error" description={errorMessage(timeline.error, "加载失败")} />
        ) : null}
        {timeline.isPending && (tag || q) ? <PageLoading /> : null}
        {timeline.data && !items.length ? (
          <EmptyState
            title="这里还没有记录"
            description={
              q ? "没有找到与搜索词相关的想法或笔记，换个词试试。" : "这个标签下还没有想法或笔记。"
            }
          />
        ) : null}
        {items.length ? <EvolutionRun scope={{ ...(tag ? { tag } : {}), ...(q ? { q } : {}) }} /> : null}
        {items.length ? (
          <Timeline
            items={items}
            cutOff={
              !timeline.data?.truncated
                ? undefined
                : q
                  ? `匹配的记录太多，只显示最相关的 ${items.length} 条。`
                  : `记录太多，只显示最新的 ${items.length} 条。`
            }
            href={(ref) => `/${ref.type === "idea" ? "ideas" : "notes"}/${ref.id}`}
            onNavigate={(event, ref) => {
              event.preventDefault();
              void navigate(
                ref.type === "idea"
                  ? { to: "/ideas/$id", params: { id: ref.id } }
                  : { to: "/notes/$id", params: { id: ref.id } },
              );
            }}
          />
        ) : null}
        {tag ? (
          <Button asChild variant="ghost" size="sm" className="self-start max-md:h-11">
            <Link to="/" search={{ tag }}>
              ← 回到 #{tag}
            </Link>
          </Button>
        ) : null}
      </WebLayout>
    </AppShell>
  );
}

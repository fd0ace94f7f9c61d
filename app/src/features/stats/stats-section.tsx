import type { Stats } from "@shinian/contract";
import {
  Alert,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Heatmap,
  PageLoading,
  Tag,
} from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { errorMessage } from "../../api/client.ts";
import { statsQuery } from "../../data/stats.ts";

const monthLabel = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return `${y}年${m}月`;
};

/**
 * 记录统计 on /profile: the year's heatmap, the streak, captures by month and the most used tags.
 * Its own query, so that the rest of the page never waits for it.
 */
export function StatsSection() {
  const stats = useQuery(statsQuery);
  return (
    <section aria-labelledby="stats-title" data-slot="stats-section" className="flex min-w-0 flex-col gap-4">
      <h2 id="stats-title" className="font-semibold text-lg">
        记录统计
      </h2>
      {stats.error ? <Alert tone="error" description={errorMessage(stats.error, "统计加载失败")} /> : null}
      {stats.isPending ? <PageLoading /> : null}
      {stats.data ? <StatsBody stats={stats.data} /> : null}
    </section>
  );
}

function StatsBody({ stats }: { stats: Stats }) {
  const total = stats.days.reduce((n, d) => n + d.count, 0);
  const today = stats.days.at(-1)?.count ?? 0;
  const busiest = Math.max(1, ...stats.byMonth.map((m) => m.count));
  const navigate = useNavigate();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <dl className="grid grid-cols-3 gap-2 text-center" data-slot="stats-numbers">
        {(
          [
            ["连续记录（天）", stats.streak],
            ["今天记录（条）", today],
            ["近一年记录（条）", total],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} className="flex flex-col-reverse gap-1 p-3">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="font-bold text-2xl tabular-nums">{value}</dd>
          </Card>
        ))}
      </dl>
      {stats.streak > 0 && today === 0 ? (
        <p className="text-muted-foreground text-sm">
          今天还没有记录，记下一条就能接上连续的 {stats.streak} 天。
        </p>
      ) : null}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>每天的记录</CardTitle>
          <CardDescription>
            近一年（365 天）每天记下的想法和笔记（北京时间），颜色越深记得越多；回收站里的不计。
          </CardDescription>
        </CardHeader>
        <CardContent className="min-w-0">
          {/* a new day or month moves the window: the selection starts again on the latest day */}
          <Heatmap key={stats.days.at(-1)?.date} days={stats.days} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>每月记录</CardTitle>
            <CardDescription>最早的那个月只算近一年内的日子。</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-1.5" data-slot="stats-months">
              {[...stats.byMonth].reverse().map(({ month, count }) => (
                <li key={month} className="grid grid-cols-[6rem_1fr_auto] items-center gap-2 text-sm">
                  <span>{monthLabel(month)}</span>
                  <span aria-hidden className="h-2 rounded-full bg-muted">
                    <span
                      className="block h-2 rounded-full bg-primary"
                      style={{ width: `${(count / busiest) * 100}%` }}
                    />
                  </span>
                  <span className="text-right tabular-nums">{count} 条</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>常用标签</CardTitle>
          </CardHeader>
          <CardContent>
            {stats.byTag.length ? (
              <ol className="flex flex-col gap-1" data-slot="stats-tags">
                {stats.byTag.map(({ tag, count }) => (
                  <li key={tag} className="flex items-center justify-between gap-3 text-sm">
                    <Tag name={tag} onClick={() => void navigate({ to: "/", search: { tag } })} />
                    <span className="shrink-0 text-muted-foreground tabular-nums">{count} 条</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-muted-foreground text-sm">近一年的记录还没有标签。</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

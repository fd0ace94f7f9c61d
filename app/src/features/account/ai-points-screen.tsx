import type { LedgerEntry, LedgerItem, PointsReason } from "@shinian/contract";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  PageLoading,
  WebLayout,
} from "@shinian/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { errorMessage } from "../../api/client.ts";
import { ledgerQuery, pointsQuery } from "../../data/account.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { useAiInfo } from "../chat/use-ai-info.ts";
import { AppShell } from "../layout/app-shell.tsx";

const reasons: Record<PointsReason, string> = {
  register_bonus: "注册赠送",
  grant: "系统发放",
  chat_reply: "AI 对话",
  tidy_idea: "AI 整理想法",
  compose_note: "AI 整理成笔记",
  embed_items: "按意思搜索的索引",
  transcribe_audio: "录音转文字",
  insight: "AI 洞察",
  refund: "失败退还",
};

const itemNames: Record<LedgerItem["type"], string> = {
  idea: "这条想法",
  note: "这篇笔记",
  conversation: "这段对话",
};

/** What a balance of 0 leaves working, as the server does it (points.ts, auto-tidy.ts, compose.ts). */
const ZERO_POINTS = {
  provider:
    "点数用完后：想法和笔记照常保存（自动整理暂停，保留你写下的原话），搜索、每日回顾和导出不受影响；AI 对话、AI 整理、整理成笔记和录音转文字要等有了点数才能使用。",
  offline:
    "点数用完也不影响使用：本地模式下记录、搜索、AI 助手的检索回答和整理成笔记（按日期汇编）都不消耗点数。",
} as const;

/** /ai-points: balance, what each AI action costs, and the ledger. */
export function AiPointsScreen() {
  const { info } = useAiInfo();
  const { data: points, error: pointsError } = useQuery(pointsQuery);
  const ledger = useInfiniteQuery(ledgerQuery);
  const items = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  const loading = ledger.isPending || ledger.isFetchingNextPage;
  const failure = pointsError ?? ledger.error;
  const error = failure ? errorMessage(failure, "加载失败") : null;

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <h1 className="font-bold text-2xl">AI点数</h1>
        {error ? <Alert tone="error" description={error} /> : null}
        <div className="grid items-start gap-6 lg:grid-cols-[1fr_2fr]">
          <div className="flex flex-col gap-6">
            <Card>
              <CardHeader>
                <CardTitle>当前余额</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="font-bold text-4xl text-primary tabular-nums" data-testid="points-balance">
                  {points ? points.balance : "—"}
                </p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>消耗说明</CardTitle>
              </CardHeader>
              <CardContent>
                {points ? (
                  <dl className="grid grid-cols-[1fr_auto] gap-y-2">
                    <dt>AI 对话（每次回复）</dt>
                    <dd className="tabular-nums">{points.costs.chatReply} 点</dd>
                    <dt>AI 整理一个想法</dt>
                    <dd className="tabular-nums">{points.costs.tidyIdea} 点</dd>
                    <dt>AI 整理成笔记</dt>
                    <dd className="tabular-nums">{points.costs.composeNote} 点</dd>
                    <dt>录音转文字（每段）</dt>
                    <dd className="tabular-nums">{points.costs.transcribe} 点</dd>
                  </dl>
                ) : null}
                <p className="mt-3 text-muted-foreground text-xs">
                  {info?.mode === "offline"
                    ? "现在是本地模式：服务器没有配置 AI 服务，AI 助手只从你的记录中检索，不消耗点数；AI 整理暂不可用。"
                    : `当前模型：${info?.model ?? "—"}。因 AI 服务原因失败的操作会退还点数。`}
                </p>
                {info ? (
                  <p data-testid="zero-points" className="mt-2 text-muted-foreground text-xs">
                    {ZERO_POINTS[info.mode]}
                  </p>
                ) : null}
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>点数明细</CardTitle>
            </CardHeader>
            <CardContent>
              {items.length === 0 && !loading ? <EmptyState size="sm" title="还没有点数记录" /> : null}
              <ul className="flex flex-col divide-y divide-border">
                {items.map((entry) => (
                  <li key={entry.id}>
                    <LedgerLine entry={entry} />
                  </li>
                ))}
              </ul>
              {loading ? <PageLoading /> : null}
              {ledger.hasNextPage && !loading ? (
                <Button variant="ghost" className="mt-2 w-full" onClick={() => void ledger.fetchNextPage()}>
                  加载更多
                </Button>
              ) : null}
            </CardContent>
          </Card>
        </div>
      </WebLayout>
    </AppShell>
  );
}

/** One line of the ledger; the whole line opens what it paid for while that still exists. */
function LedgerLine({ entry }: { entry: LedgerEntry }) {
  const body = (
    <>
      <div className="flex min-w-0 flex-col">
        <span>{reasons[entry.reason]}</span>
        <span className="text-muted-foreground text-xs">
          {formatDateTime(entry.createdAt)}
          {entry.note && entry.note !== reasons[entry.reason] ? ` · ${entry.note}` : ""}
        </span>
      </div>
      <div className="ml-auto flex shrink-0 flex-col items-end">
        <span className={entry.delta >= 0 ? "font-semibold text-success" : "font-semibold text-error"}>
          {entry.delta >= 0 ? `+${entry.delta}` : entry.delta}
        </span>
        <span className="text-muted-foreground text-xs">余额 {entry.balanceAfter}</span>
      </div>
    </>
  );
  const row = "flex min-h-14 items-center gap-3 py-3";
  const item = entry.item;
  if (!item) return <div className={row}>{body}</div>;
  const link = `-mx-2 rounded-md px-2 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring ${row}`;
  const opens = (
    <>
      {body}
      <span className="sr-only">（打开{itemNames[item.type]}）</span>
      <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
    </>
  );
  return item.type === "conversation" ? (
    <Link to="/chat" search={{ c: item.id }} className={link}>
      {opens}
    </Link>
  ) : (
    <Link to={item.type === "idea" ? "/ideas/$id" : "/notes/$id"} params={{ id: item.id }} className={link}>
      {opens}
    </Link>
  );
}

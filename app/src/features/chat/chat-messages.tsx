import { ChatMessage } from "@shinian/ui";
import { useNavigate } from "@tanstack/react-router";
import { citationHref, citationRoute } from "../../lib/citation-link.ts";
import type { ShownMessage } from "./use-conversation.ts";

/**
 * The bubbles of a conversation; citations (chips and the answer's own [n]) open the idea, note or
 * 洞察 inside the app. A failed last reply offers 重试, which asks its question again (`onRetry`); an
 * answer that looked only at 最近 30 天 offers 搜索全部, which asks it again over everything.
 */
export function ChatMessages({
  messages,
  onRetry,
  onAskAllTime,
  askAllTimeCost,
}: {
  messages: ShownMessage[];
  onRetry?: (question: string) => void;
  onAskAllTime?: (question: string) => void;
  /** What 搜索全部 costs (it asks again: a new answer), said on its button. */
  askAllTimeCost?: string;
}) {
  const navigate = useNavigate();
  const last = messages.at(-1);
  const question = messages.findLast((m) => m.role === "user")?.content;
  const retry = onRetry && last?.status === "error" && question ? () => onRetry(question) : undefined;
  const widen = (m: ShownMessage, i: number) => {
    if (!onAskAllTime || m.role !== "assistant" || !m.timeFilter?.recent || m.status === "streaming") return;
    const asked = messages.slice(0, i).findLast((q) => q.role === "user")?.content;
    return asked ? () => onAskAllTime(asked) : undefined;
  };
  return messages.map((m, i) => (
    <ChatMessage
      key={m.id}
      author={m.role}
      content={m.content}
      status={m.status}
      errorMessage={m.errorMessage}
      citations={m.citations.map((c) => ({ ...c, href: citationHref(c) }))}
      onNavigateCitation={(event, c) => {
        event.preventDefault();
        void navigate(citationRoute(c));
      }}
      points={
        m.role === "assistant" && m.status !== "streaming" && m.status !== "error" ? m.points : undefined
      }
      offline={m.role === "assistant" && m.mode === "offline"}
      scope={m.timeFilter?.label}
      onWiden={widen(m, i)}
      widenLabel={askAllTimeCost ? `搜索全部 · ${askAllTimeCost}` : undefined}
      onRetry={m === last ? retry : undefined}
    />
  ));
}

/** What one more answer costs, as 搜索全部 says it. */
export const answerCost = (mode: "offline" | "provider" | undefined, cost: number) =>
  !mode ? undefined : mode === "offline" || cost === 0 ? "不消耗点数" : `消耗 ${cost} 点`;

/** What the composer says an answer costs, before it is asked, so nobody spends points unawares. */
export function costHint(
  mode: "offline" | "provider" | undefined,
  cost: number,
  balance: number | null,
): string {
  if (!mode) return "";
  if (mode === "offline") return "本地模式 · 不消耗点数";
  return `每次回答消耗 ${cost} 点${balance === null ? "" : ` · 余额 ${balance} 点`}`;
}

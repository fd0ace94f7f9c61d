import { cva, type VariantProps } from "class-variance-authority";
import { CalendarRange, CircleAlert, RotateCcw, Search, Sparkles } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { Spinner } from "../../primitives/spinner";
import { CitationChip, type CitationType } from "../citation-chip";
import { type MarkdownCitation, MarkdownView } from "../markdown-view";

export const chatBubbleVariants = cva(
  "max-w-full min-w-0 rounded-lg px-4 py-2.5 text-sm leading-relaxed break-words",
  {
    variants: {
      author: {
        user: "rounded-br-sm bg-primary whitespace-pre-wrap text-primary-foreground",
        assistant: "rounded-tl-sm border border-border bg-background text-foreground shadow-sm",
      },
    },
    defaultVariants: { author: "assistant" },
  },
);

/** A caret after the last text of the Markdown while streaming; `/ ""` keeps it out of the accessible text. */
const streamingCaret =
  "[&_:is([data-slot=markdown-view]>:last-child:not(ul,ol),[data-slot=markdown-view]>:last-child>li:last-child)]:after:ml-0.5 [&_:is([data-slot=markdown-view]>:last-child:not(ul,ol),[data-slot=markdown-view]>:last-child>li:last-child)]:after:text-primary [&_:is([data-slot=markdown-view]>:last-child:not(ul,ol),[data-slot=markdown-view]>:last-child>li:last-child)]:after:content-['▍'_/_''] motion-safe:[&_:is([data-slot=markdown-view]>:last-child:not(ul,ol),[data-slot=markdown-view]>:last-child>li:last-child)]:after:animate-pulse";

export type ChatRole = NonNullable<VariantProps<typeof chatBubbleVariants>["author"]>;
export type ChatMessageStatus = "streaming" | "done" | "stopped" | "error";

/** A source the assistant used for its answer; `ref` is the n of its `[n]` in the answer (else its place). */
export type ChatCitation = { type: CitationType; id: string; title: string; href: string; ref?: number };

export type ChatMessageProps = Omit<React.ComponentProps<"article">, "role" | "content" | "children"> & {
  /** Who wrote it (not `role`: that name is the ARIA attribute's). */
  author: ChatRole;
  /** User text is shown as typed; assistant text as safe Markdown (never HTML). */
  content: string;
  status?: ChatMessageStatus;
  /** Shown in the error line; defaults to the refund notice. */
  errorMessage?: string;
  /** Sources shown under an assistant answer as numbered chips. */
  citations?: readonly ChatCitation[];
  /** Called when a citation is clicked; the app calls `preventDefault()` and routes itself. */
  onNavigateCitation?: (event: React.MouseEvent<HTMLAnchorElement>, citation: ChatCitation) => void;
  /** Points the answer cost (assistant only); 0 reads "不消耗点数". */
  points?: number;
  /** Answered in local mode (no AI service configured). */
  offline?: boolean;
  /** Shows a retry button in the error line. */
  onRetry?: () => void;
  /** Above an assistant answer: the time its sources were limited to, e.g. 上个月（10月1日—10月31日）. */
  scope?: string;
  scopeLabel?: (scope: string) => string;
  /** Beside the scope: asks the same question again over everything (a scope the question only hinted at, 最近). */
  onWiden?: () => void;
  widenLabel?: string;
  userLabel?: string;
  assistantLabel?: string;
  thinkingLabel?: string;
  stoppedLabel?: string;
  retryLabel?: string;
  citationsLabel?: string;
  offlineLabel?: string;
  pointsLabel?: (points: number) => string;
  citationTypeLabels?: Record<CitationType, string>;
};

export function ChatMessage({
  author,
  content,
  status = "done",
  errorMessage = "回答失败，点数已退还",
  citations = [],
  onNavigateCitation,
  points,
  offline = false,
  onRetry,
  scope,
  scopeLabel = (range) => `只参考${range}的记录`,
  onWiden,
  widenLabel = "搜索全部",
  userLabel = "你的提问",
  assistantLabel = "AI 回答",
  thinkingLabel = "正在思考…",
  stoppedLabel = "已停止生成",
  retryLabel = "重试",
  citationsLabel = "引用",
  offlineLabel = "本地模式",
  pointsLabel = (n) => (n === 0 ? "不消耗点数" : `消耗 ${n} 点`),
  citationTypeLabels,
  className,
  ...props
}: ChatMessageProps) {
  const id = React.useId();
  const isUser = author === "user";
  const streaming = status === "streaming";
  const hasContent = content.trim() !== "";
  const typeNames = { idea: "想法", note: "笔记", insight: "洞察", ...citationTypeLabels };
  const numbered = citations.map((citation, i) => ({ citation, n: citation.ref ?? i + 1 }));
  // inline [n] links only where the answer said which source it meant (ref): older answers keep chips only
  const inline: Record<number, MarkdownCitation> = {};
  for (const { citation, n } of numbered) {
    if (citation.ref === undefined) continue;
    inline[n] = {
      href: citation.href,
      label: `${citationsLabel} ${n}：${typeNames[citation.type]}：${citation.title}`,
      onNavigate: onNavigateCitation ? (event) => onNavigateCitation(event, citation) : undefined,
    };
  }
  const footer = isUser
    ? []
    : [
        offline ? offlineLabel : null,
        points !== undefined && (status === "done" || status === "stopped") ? pointsLabel(points) : null,
      ].filter((part): part is string => part !== null);

  const bubble =
    hasContent || streaming ? (
      <div
        data-slot="chat-message-bubble"
        className={cn(chatBubbleVariants({ author }), streaming && hasContent && !isUser && streamingCaret)}
      >
        {isUser ? (
          content
        ) : hasContent ? (
          <MarkdownView source={content} citations={inline} />
        ) : (
          <span
            data-slot="chat-message-thinking"
            className="inline-flex items-center gap-2 text-muted-foreground"
          >
            <Spinner size="sm" label={null} className="text-primary" />
            {thinkingLabel}
          </span>
        )}
      </div>
    ) : null;

  return (
    <article
      data-slot="chat-message"
      data-author={author}
      data-state={status}
      aria-label={isUser ? userLabel : assistantLabel}
      aria-busy={streaming || undefined}
      className={cn("flex w-full gap-2.5", isUser ? "justify-end pl-12" : "pr-12", className)}
      {...props}
    >
      {isUser ? null : (
        <span
          data-slot="chat-message-avatar"
          aria-hidden
          className="mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground [&_svg]:size-4"
        >
          <Sparkles />
        </span>
      )}
      <div className={cn("flex min-w-0 flex-col gap-2", isUser ? "items-end" : "flex-1 items-start")}>
        {scope && !isUser ? (
          <div data-slot="chat-message-scope" className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <CalendarRange aria-hidden className="size-3.5 shrink-0" />
              {scopeLabel(scope)}
            </p>
            {onWiden ? (
              <Button variant="secondary" size="sm" onClick={onWiden} className="max-lg:h-11">
                <Search aria-hidden />
                {widenLabel}
              </Button>
            ) : null}
          </div>
        ) : null}
        {bubble}
        {status === "stopped" ? (
          <p data-slot="chat-message-stopped" className="text-xs text-muted-foreground">
            {stoppedLabel}
          </p>
        ) : null}
        {status === "error" ? (
          <div
            data-slot="chat-message-error"
            className="flex w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-error/30 bg-error-soft px-3 py-2 text-sm text-error-soft-foreground"
          >
            <CircleAlert aria-hidden className="size-4 shrink-0" />
            <span className="min-w-0 flex-1">{errorMessage}</span>
            {onRetry ? (
              <Button variant="secondary" size="sm" onClick={onRetry}>
                <RotateCcw aria-hidden />
                {retryLabel}
              </Button>
            ) : null}
          </div>
        ) : null}
        {citations.length > 0 ? (
          <div data-slot="chat-message-citations" className="flex flex-wrap items-center gap-1.5">
            <span id={`${id}-citations`} className="text-xs text-muted-foreground">
              {citationsLabel}
            </span>
            <ul aria-labelledby={`${id}-citations`} className="flex min-w-0 flex-wrap gap-1.5">
              {numbered.map(({ citation, n }) => (
                <li key={`${citation.type}-${citation.id}`} className="flex min-w-0">
                  <CitationChip
                    type={citation.type}
                    title={citation.title}
                    href={citation.href}
                    index={n}
                    typeLabels={citationTypeLabels}
                    onNavigate={
                      onNavigateCitation ? (event) => onNavigateCitation(event, citation) : undefined
                    }
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {footer.length > 0 ? (
          <p data-slot="chat-message-footer" className="text-xs text-muted-foreground">
            {footer.join(" · ")}
          </p>
        ) : null}
      </div>
    </article>
  );
}

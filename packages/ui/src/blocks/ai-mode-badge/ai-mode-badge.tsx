import { cva, type VariantProps } from "class-variance-authority";
import { BookOpenText, Sparkles } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const aiModeBadgeVariants = cva(
  "inline-flex h-6 max-w-48 min-w-0 shrink-0 items-center gap-1 rounded-full px-2.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0",
  {
    variants: {
      mode: {
        offline: "bg-muted text-muted-foreground",
        provider: "bg-primary-soft text-primary-soft-foreground",
      },
    },
    defaultVariants: { mode: "offline" },
  },
);

export type AiMode = NonNullable<VariantProps<typeof aiModeBadgeVariants>["mode"]>;

export type AiModeBadgeProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** `offline`: no AI service configured, answers come from local retrieval; `provider`: a model answers. */
  mode: AiMode;
  /** The provider's model name, e.g. "deepseek-chat". */
  model?: string;
  offlineLabel?: string;
  /** Shown when no model name is given, and announced before it. */
  providerLabel?: string;
  /** Tooltip (and description) of the offline badge. */
  offlineDescription?: string;
};

export function AiModeBadge({
  mode,
  model,
  offlineLabel = "本地模式",
  providerLabel = "AI 模型",
  offlineDescription = "未配置 AI 服务，仅根据你的想法和笔记检索回答，不消耗点数",
  className,
  title,
  ...props
}: AiModeBadgeProps) {
  const modelName = model?.trim();
  const offline = mode === "offline";
  return (
    <span
      data-slot="ai-mode-badge"
      data-mode={mode}
      title={
        title ?? (offline ? offlineDescription : modelName ? `${providerLabel}：${modelName}` : undefined)
      }
      className={cn(aiModeBadgeVariants({ mode }), className)}
      {...props}
    >
      {offline ? <BookOpenText aria-hidden /> : <Sparkles aria-hidden />}
      {offline ? (
        <span className="truncate">{offlineLabel}</span>
      ) : modelName ? (
        <>
          <span className="sr-only">{providerLabel}：</span>
          <span data-slot="ai-mode-badge-model" className="truncate font-mono">
            {modelName}
          </span>
        </>
      ) : (
        <span className="truncate">{providerLabel}</span>
      )}
      {offline ? <span className="sr-only">（{offlineDescription}）</span> : null}
    </span>
  );
}

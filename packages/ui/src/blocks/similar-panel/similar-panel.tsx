import { Lightbulb, X } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";

/** An earlier idea or note that says nearly what is being typed. */
export type SimilarPanelItem = {
  type: "idea" | "note";
  id: string;
  title: string;
  excerpt: string;
  createdAt: string;
  /** Why it is shown: 相同的词：跑步、配速 · 同一话题：跑步 · 标签相同：#读书 · 意思相近 */
  reason: string;
};

export type SimilarPanelProps = Omit<React.ComponentProps<"section">, "title"> & {
  /** At most 3, best first; none: nothing is drawn. */
  items: readonly SimilarPanelItem[];
  /** 追加为批注: the text being typed goes under this item instead (ideas only). */
  onAnnotate?: (item: SimilarPanelItem) => void;
  /** 关联: the text being typed links to this item. */
  onLink: (item: SimilarPanelItem) => void;
  /** 忽略: this item is not shown again for this text. */
  onDismiss: (item: SimilarPanelItem) => void;
  title?: string;
  annotateLabel?: string;
  linkLabel?: string;
  dismissLabel?: string;
  typeLabel?: (type: SimilarPanelItem["type"]) => string;
};

const beijingDay = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/**
 * "你想过这个": earlier items close to the text being typed, each with its date and why, and what
 * to do with it. It takes no focus and only ever sits below the text box.
 */
export function SimilarPanel({
  items,
  onAnnotate,
  onLink,
  onDismiss,
  title = "你想过这个",
  annotateLabel = "追加为批注",
  linkLabel = "关联",
  dismissLabel = "忽略",
  typeLabel = (type) => (type === "idea" ? "想法" : "笔记"),
  className,
  ...props
}: SimilarPanelProps) {
  if (!items.length) return null;
  return (
    <section
      data-slot="similar-panel"
      aria-label={title}
      className={cn("rounded-lg border border-border bg-muted/40 p-3", className)}
      {...props}
    >
      <h2 className="flex items-center gap-1.5 font-medium text-muted-foreground text-xs">
        <Lightbulb aria-hidden className="size-3.5 text-primary" />
        {title}
      </h2>
      <ul className="mt-2 flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            data-slot="similar-panel-item"
            className="rounded-md border border-border bg-background px-3 py-2"
          >
            <div className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-foreground text-sm">{item.title}</p>
                {item.excerpt && item.excerpt !== item.title ? (
                  <p className="line-clamp-2 text-muted-foreground text-sm">{item.excerpt}</p>
                ) : null}
                <p className="mt-1 text-muted-foreground text-xs">
                  <span>{typeLabel(item.type)}</span>
                  <span aria-hidden> · </span>
                  <time dateTime={item.createdAt}>{beijingDay.format(new Date(item.createdAt))}</time>
                  <span aria-hidden> · </span>
                  <span data-slot="similar-panel-reason">{item.reason}</span>
                </p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`${dismissLabel}：${item.title}`}
                title={dismissLabel}
                onClick={() => onDismiss(item)}
                className="-mr-2 -mt-1 px-2 text-muted-foreground"
              >
                <X aria-hidden />
              </Button>
            </div>
            <div className="mt-1 flex flex-wrap gap-1">
              {onAnnotate && item.type === "idea" ? (
                <Button type="button" variant="secondary" size="sm" onClick={() => onAnnotate(item)}>
                  {annotateLabel}
                </Button>
              ) : null}
              <Button type="button" variant="secondary" size="sm" onClick={() => onLink(item)}>
                {linkLabel}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

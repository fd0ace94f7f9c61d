import { Sparkles, Trash2 } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { IconButton } from "../../primitives/icon-button";
import { CitationChip, type CitationType } from "../citation-chip";
import { type MarkdownCitation, MarkdownView } from "../markdown-view";

/** An item the report cites; `ref` is the n of its `[n]` in the body. */
export type InsightCitation = { type: CitationType; id: string; title: string; href: string; ref: number };

export type InsightCardProps = Omit<React.ComponentProps<"article">, "title" | "children"> & {
  title: string;
  /** The lens it was read with: 总结, 逆向思考 … */
  lens: string;
  /** When it was made, as the app formats it. */
  date: string;
  /** What it read, e.g. `#陶艺 · 最近 20 条`, and how many items that was. */
  scope?: string;
  itemCount?: number;
  /** Markdown; each `[n]` links to the citation whose `ref` is n. */
  body: string;
  citations: readonly InsightCitation[];
  /** Called when a citation is clicked; the app calls `preventDefault()` and routes itself. */
  onNavigateCitation?: (event: React.MouseEvent<HTMLAnchorElement>, citation: InsightCitation) => void;
  /** Shows a delete button; the app asks for confirmation. */
  onDelete?: () => void;
  deleteLabel?: string;
  citationsLabel?: string;
  itemCountLabel?: (n: number) => string;
  citationTypeLabels?: Record<CitationType, string>;
};

export function InsightCard({
  title,
  lens,
  date,
  scope,
  itemCount,
  body,
  citations,
  onNavigateCitation,
  onDelete,
  deleteLabel = "删除洞察",
  citationsLabel = "引用",
  itemCountLabel = (n) => `读了 ${n} 条记录`,
  citationTypeLabels,
  className,
  ...props
}: InsightCardProps) {
  const id = React.useId();
  const typeNames = { idea: "想法", note: "笔记", insight: "洞察", ...citationTypeLabels };
  const inline: Record<number, MarkdownCitation> = {};
  for (const citation of citations) {
    inline[citation.ref] = {
      href: citation.href,
      label: `${citationsLabel} ${citation.ref}：${typeNames[citation.type]}：${citation.title}`,
      onNavigate: onNavigateCitation ? (event) => onNavigateCitation(event, citation) : undefined,
    };
  }
  const meta = [date, scope, itemCount === undefined ? undefined : itemCountLabel(itemCount)].filter(Boolean);
  return (
    <article
      data-slot="insight-card"
      aria-labelledby={`${id}-title`}
      className={cn(
        "flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-background p-4 text-foreground shadow-sm lg:p-6",
        className,
      )}
      {...props}
    >
      <header className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span
            data-slot="insight-card-lens"
            className="inline-flex h-6 w-fit items-center gap-1 rounded-full bg-primary-soft px-2.5 text-xs font-medium text-primary-soft-foreground [&_svg]:size-3.5"
          >
            <Sparkles aria-hidden />
            {lens}
          </span>
          <h2 id={`${id}-title`} className="text-xl font-bold break-words">
            {title}
          </h2>
          <p data-slot="insight-card-meta" className="text-xs text-muted-foreground">
            {meta.join(" · ")}
          </p>
        </div>
        {onDelete ? (
          <IconButton label={deleteLabel} variant="ghost" onClick={onDelete} className="shrink-0">
            <Trash2 aria-hidden />
          </IconButton>
        ) : null}
      </header>
      <MarkdownView
        source={body}
        citations={inline}
        className="min-w-0 text-sm leading-relaxed break-words"
      />
      {citations.length > 0 ? (
        <footer
          data-slot="insight-card-citations"
          className="flex flex-col gap-2 border-t border-border pt-3"
        >
          <span id={`${id}-citations`} className="text-xs text-muted-foreground">
            {citationsLabel}
          </span>
          <ul aria-labelledby={`${id}-citations`} className="flex min-w-0 flex-wrap gap-1.5">
            {citations.map((citation) => (
              <li key={`${citation.type}:${citation.id}`} className="min-w-0">
                <CitationChip
                  type={citation.type}
                  title={citation.title}
                  index={citation.ref}
                  href={citation.href}
                  typeLabels={typeNames}
                  onNavigate={onNavigateCitation ? (event) => onNavigateCitation(event, citation) : undefined}
                />
              </li>
            ))}
          </ul>
        </footer>
      ) : null}
    </article>
  );
}

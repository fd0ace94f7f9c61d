import { cva, type VariantProps } from "class-variance-authority";
import { FileText, Lightbulb, Sparkles } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";

export const citationChipVariants = cva(
  "inline-flex h-7 max-w-60 min-w-0 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 [&_svg]:size-3.5 [&_svg]:shrink-0",
  {
    variants: {
      type: {
        idea: "border-primary/20 bg-primary-soft text-primary-soft-foreground hover:border-primary/50",
        note: "border-info/20 bg-info-soft text-info-soft-foreground hover:border-info/50",
        insight: "border-success/20 bg-success-soft text-success-soft-foreground hover:border-success/50",
      },
    },
    defaultVariants: { type: "idea" },
  },
);

export type CitationType = NonNullable<VariantProps<typeof citationChipVariants>["type"]>;

const typeIcons: Record<CitationType, React.ComponentType<{ "aria-hidden"?: boolean }>> = {
  idea: Lightbulb,
  note: FileText,
  insight: Sparkles,
};

export type CitationChipProps = Omit<React.ComponentProps<"a">, "type" | "title" | "href" | "children"> & {
  /** What kind of source the AI used. */
  type: CitationType;
  /** The source's title; long titles are truncated (the full one stays in the tooltip). */
  title: string;
  /** Shown as a leading number, e.g. the `1` of a `[1]` reference in the answer. */
  index?: number;
  href: string;
  /** Called on click; the app calls `preventDefault()` and routes itself. */
  onNavigate?: (event: React.MouseEvent<HTMLAnchorElement>) => void;
  /** Names of the source kinds, used in the accessible name ("1 想法：标题"). */
  typeLabels?: Record<CitationType, string>;
};

export function CitationChip({
  type,
  title,
  index,
  href,
  onNavigate,
  onClick,
  typeLabels = { idea: "想法", note: "笔记", insight: "洞察" },
  className,
  ...props
}: CitationChipProps) {
  const Icon = typeIcons[type];
  const name = `${typeLabels[type]}：${title}`;
  return (
    <a
      data-slot="citation-chip"
      data-type={type}
      href={href}
      title={name}
      onClick={(event) => {
        onClick?.(event);
        onNavigate?.(event);
      }}
      className={cn(citationChipVariants({ type }), className)}
      {...props}
    >
      {index === undefined ? null : (
        <span data-slot="citation-chip-index" className="font-semibold tabular-nums">
          {index}
        </span>
      )}
      <span className="sr-only">{typeLabels[type]}：</span>
      <Icon aria-hidden />
      <span data-slot="citation-chip-title" className="truncate">
        {title}
      </span>
    </a>
  );
}

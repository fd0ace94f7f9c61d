import { cva } from "class-variance-authority";
import { Check } from "lucide-react";
import * as React from "react";
import { formatRelativeTime } from "../../lib/relative-time";
import { Button } from "../../primitives/button";
import { Tag } from "../../primitives/tag";

export const ideaVersionCardVariants = cva("flex flex-col gap-2 rounded-lg border p-4 text-foreground", {
  variants: {
    current: {
      true: "border-primary bg-primary-soft",
      false: "border-border bg-background",
    },
  },
  defaultVariants: { current: false },
});

/** One AI tidy result of an idea. */
export type IdeaVersion = {
  id: string;
  /** The model that produced it, e.g. deepseek-chat. */
  model: string;
  createdAt: string | Date;
  /** Points the tidy cost. */
  points: number;
  title: string;
  content: string;
  tags: readonly string[];
};

export type IdeaVersionCardProps = {
  version: IdeaVersion;
  current: boolean;
  now: Date | number;
  currentLabel: string;
  applyLabel: string;
  tagListLabel: string;
  pointsLabel: (points: number) => string;
  onApply: () => void;
};

export function IdeaVersionCard({
  version,
  current,
  now,
  currentLabel,
  applyLabel,
  tagListLabel,
  pointsLabel,
  onApply,
}: IdeaVersionCardProps) {
  const id = React.useId();
  const date = new Date(version.createdAt);
  return (
    <article
      data-slot="idea-version"
      data-current={current || undefined}
      aria-labelledby={`${id}-title`}
      className={ideaVersionCardVariants({ current })}
    >
      <div className="flex items-start gap-2">
        <h3 id={`${id}-title`} className="min-w-0 flex-1 text-sm leading-snug font-semibold">
          {version.title}
        </h3>
        {current ? (
          <span
            data-slot="idea-version-current"
            className="inline-flex h-5 shrink-0 items-center gap-1 rounded-sm bg-primary px-1.5 text-xs font-medium text-primary-foreground"
          >
            <Check aria-hidden className="size-3" />
            {currentLabel}
          </span>
        ) : null}
      </div>
      <p
        data-slot="idea-version-content"
        className="line-clamp-2 text-sm leading-relaxed whitespace-pre-line text-muted-foreground"
      >
        {version.content}
      </p>
      {version.tags.length > 0 ? (
        <ul aria-label={tagListLabel} className="flex flex-wrap gap-1.5">
          {version.tags.map((tag) => (
            <li key={tag} className="flex min-w-0">
              <Tag name={tag} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex min-h-8 items-center gap-2">
        <p data-slot="idea-version-meta" className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
          {version.model} ·{" "}
          <time dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}>
            {formatRelativeTime(date, now)}
          </time>{" "}
          · {pointsLabel(version.points)}
        </p>
        {current ? null : (
          <Button
            data-slot="idea-version-apply"
            variant="secondary"
            size="sm"
            aria-describedby={`${id}-title`}
            onClick={onApply}
          >
            {applyLabel}
          </Button>
        )}
      </div>
    </article>
  );
}

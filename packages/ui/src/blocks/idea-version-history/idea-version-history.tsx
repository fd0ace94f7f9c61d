import { Sparkles } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { EmptyState } from "../../primitives/empty-state";
import { type IdeaVersion, IdeaVersionCard } from "./idea-version-card";

export type IdeaVersionHistoryProps = Omit<React.ComponentProps<"section">, "onSelect"> & {
  /** Newest first. */
  versions: readonly IdeaVersion[];
  /** The version the idea currently uses; `null` when it uses the user's own text. */
  currentVersionId?: string | null;
  /** Called with the id of the version to adopt. */
  onApply: (id: string) => void;
  /** Starts a new AI tidy. */
  onTidy: () => void;
  /** A tidy is running: the button is busy and disabled. */
  tidying?: boolean;
  /** Disables the AI 整理 button (e.g. local mode, not enough points); pair it with `hint`. */
  disabled?: boolean;
  /** Why the AI 整理 button is disabled, e.g. 本地模式下无法 AI 整理. */
  hint?: React.ReactNode;
  /** The cost beside the button, e.g. 消耗 1 点. */
  tidyCostLabel?: string;
  /** The moment relative times are measured from. */
  now?: Date | number;
  heading?: string;
  tidyLabel?: string;
  tidyingLabel?: string;
  emptyText?: string;
  currentLabel?: string;
  applyLabel?: string;
  tagListLabel?: string;
  pointsLabel?: (points: number) => string;
};

export function IdeaVersionHistory({
  versions,
  currentVersionId = null,
  onApply,
  onTidy,
  tidying = false,
  disabled = false,
  hint,
  tidyCostLabel,
  now = new Date(),
  heading = "AI 整理记录",
  tidyLabel = "AI 整理",
  tidyingLabel = "整理中…",
  emptyText = "还没有 AI 整理记录",
  currentLabel = "当前版本",
  applyLabel = "采用此版本",
  tagListLabel = "标签",
  pointsLabel = (points) => `${points} 点`,
  className,
  ...props
}: IdeaVersionHistoryProps) {
  const id = React.useId();
  const describedBy = [tidyCostLabel ? `${id}-cost` : "", hint ? `${id}-hint` : ""].filter(Boolean).join(" ");
  return (
    <section
      data-slot="idea-versions"
      data-state={tidying ? "tidying" : versions.length === 0 ? "empty" : "ready"}
      aria-labelledby={`${id}-heading`}
      className={cn("flex flex-col gap-3", className)}
      {...props}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={`${id}-heading`} className="mr-auto text-base font-semibold text-foreground">
          {heading}
        </h2>
        {tidyCostLabel ? (
          <span id={`${id}-cost`} data-slot="idea-versions-cost" className="text-xs text-muted-foreground">
            {tidyCostLabel}
          </span>
        ) : null}
        <Button
          data-slot="idea-versions-tidy"
          size="sm"
          loading={tidying}
          disabled={disabled}
          aria-describedby={describedBy || undefined}
          onClick={onTidy}
        >
          {tidying ? null : <Sparkles aria-hidden />}
          {tidying ? tidyingLabel : tidyLabel}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} data-slot="idea-versions-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {versions.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<Sparkles />}
          title={emptyText}
          className="rounded-lg border border-dashed border-border"
        />
      ) : (
        <ol data-slot="idea-versions-list" className="flex flex-col gap-3">
          {versions.map((version) => (
            <li key={version.id}>
              <IdeaVersionCard
                version={version}
                current={version.id === currentVersionId}
                now={now}
                currentLabel={currentLabel}
                applyLabel={applyLabel}
                tagListLabel={tagListLabel}
                pointsLabel={pointsLabel}
                onApply={() => onApply(version.id)}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

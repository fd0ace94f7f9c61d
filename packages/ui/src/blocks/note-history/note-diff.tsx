import { type ChangeObject, diffChars, diffLines } from "diff";
import type * as React from "react";
import { useMemo } from "react";
import { cn } from "../../lib/cn";

/** Past this, a character diff gives way to a line diff, and past that the two are not compared. */
const DIFF_TIMEOUT_MS = 300;
/** Edits past which a diff stops early (bounded work on 200,000-character notes, whatever the clock). */
const MAX_EDIT_LENGTH = 5_000;

/** The changes from `before` to `after`: by character (Chinese has no spaces), else by line; null if too costly. */
export function textChanges(before: string, after: string): ChangeObject<string>[] | null {
  return (
    diffChars(before, after, { timeout: DIFF_TIMEOUT_MS, maxEditLength: MAX_EDIT_LENGTH }) ??
    diffLines(before, after, { timeout: DIFF_TIMEOUT_MS, maxEditLength: MAX_EDIT_LENGTH }) ??
    null
  );
}

export type NoteDiffProps = React.ComponentProps<"div"> & {
  /** The older text (the version). */
  before: string;
  /** The newer text (the note as it is now). */
  after: string;
  /** Shown when the texts are the same. */
  sameLabel?: string;
  /** Shown when they differ too much to compare in time. */
  tooLargeLabel?: string;
};

/** What changed from one text to the other: insertions underlined in green, deletions struck in red. */
export function NoteDiff({
  before,
  after,
  sameLabel = "与当前内容相同",
  tooLargeLabel = "改动太多，无法逐字对比",
  className,
  ...props
}: NoteDiffProps) {
  const changes = useMemo(() => textChanges(before, after), [before, after]);
  const same = changes?.every((c) => !c.added && !c.removed) ?? false;
  return (
    <div
      data-slot="note-diff"
      data-state={changes === null ? "too-large" : same ? "same" : "changed"}
      className={cn("whitespace-pre-wrap break-words text-sm leading-relaxed", className)}
      {...props}
    >
      {changes === null ? (
        <p className="text-muted-foreground">{tooLargeLabel}</p>
      ) : same ? (
        <>
          <p className="mb-2 text-muted-foreground text-xs">{sameLabel}</p>
          {after}
        </>
      ) : (
        changes.map((change, i) =>
          change.added ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the changes are a fixed sequence
            <ins key={i} className="rounded-sm bg-success-soft text-success-soft-foreground underline">
              <span className="sr-only">（加上：</span>
              {change.value}
              <span className="sr-only">）</span>
            </ins>
          ) : change.removed ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the changes are a fixed sequence
            <del key={i} className="rounded-sm bg-error-soft text-error-soft-foreground">
              <span className="sr-only">（删去：</span>
              {change.value}
              <span className="sr-only">）</span>
            </del>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the changes are a fixed sequence
            <span key={i}>{change.value}</span>
          ),
        )
      )}
    </div>
  );
}

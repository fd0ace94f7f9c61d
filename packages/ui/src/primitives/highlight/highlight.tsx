import { cva } from "class-variance-authority";
import type * as React from "react";
import { findTermRanges, type HighlightRange, splitHighlights } from "../../lib/highlight";

export const highlightMarkVariants = cva("-mx-0.5 rounded-sm bg-highlight px-0.5 text-highlight-foreground");

export type HighlightProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** The plain text to render. */
  text: string;
  /** `[start, end)` string indices to mark, e.g. from the search API. */
  ranges?: readonly HighlightRange[];
  /** Words to mark wherever they occur (case-insensitive); combined with `ranges`. */
  terms?: readonly string[];
};

export function Highlight({ text, ranges = [], terms = [], className, ...props }: HighlightProps) {
  const segments = splitHighlights(text, [...ranges, ...findTermRanges(text, terms)]);
  return (
    <span data-slot="highlight" className={className} {...props}>
      {segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived from the text and never reorder
          <mark key={index} data-slot="highlight-mark" className={highlightMarkVariants()}>
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are derived from the text and never reorder
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}

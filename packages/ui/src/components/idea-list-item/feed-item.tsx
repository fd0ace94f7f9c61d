import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn";
import type { HighlightRange } from "../../lib/highlight";
import { formatRelativeTime } from "../../lib/relative-time";
import { Highlight } from "../highlight";
import { Tag } from "../tag";

export const feedKindVariants = cva(
  "inline-flex h-5 shrink-0 items-center rounded-sm px-1.5 text-xs font-medium",
  {
    variants: {
      kind: {
        idea: "bg-primary-soft text-primary-soft-foreground",
        note: "bg-info-soft text-info-soft-foreground",
      },
    },
    defaultVariants: { kind: "idea" },
  },
);

export type FeedItemKind = NonNullable<VariantProps<typeof feedKindVariants>["kind"]>;

/** Matches to mark in a list item, e.g. from the search API. */
export type FeedItemHighlights = {
  /** `[start, end)` indices in the title (ignored when the title falls back to the snippet). */
  title?: readonly HighlightRange[];
  /** `[start, end)` indices in the snippet. */
  snippet?: readonly HighlightRange[];
  /** Words to mark in the title and the snippet. */
  terms?: readonly string[];
};

const shiftRanges = (ranges: readonly HighlightRange[], start: number, end: number) =>
  ranges
    .map(([from, to]): HighlightRange => [Math.max(from, start) - start, Math.min(to, end) - start])
    .filter(([from, to]) => from < to);

/** Resolves the shown title; an untitled item takes the snippet's first line as its title. */
/** What every kind of feed entry takes (IdeaListItem, NoteListItem), besides the item itself. */
export type FeedEntryProps = Omit<React.ComponentProps<"article">, "title" | "onClick"> & {
  /** Matches to mark (search results). */
  highlights?: FeedItemHighlights;
  /** The moment relative times are measured from. */
  now?: Date | number;
  /** The tag currently filtering the list, shown selected. */
  selectedTag?: string | null;
  /** Called with the item's id when the item is activated. */
  onOpen: (id: string) => void;
  /** Makes tags buttons (e.g. filter by tag); without it tags are plain chips. */
  onTagClick?: (tag: string) => void;
  kindLabel?: string;
  untitledLabel?: string;
  tagListLabel?: string;
  /** Found by meaning alone (search): none of the query's words is in it. */
  foundByMeaning?: boolean;
  meaningLabel?: string;
  meaningHint?: string;
  /** Shown under the text, e.g. the item's thumbnails (ImageGrid). */
  media?: React.ReactNode;
};

export function resolveFeedText(
  title: string | null | undefined,
  snippet: string,
  highlights: FeedItemHighlights,
) {
  const snippetRanges = highlights.snippet ?? [];
  if (title?.trim()) {
    return {
      title: title.trim(),
      titleRanges: highlights.title ?? [],
      snippet,
      snippetRanges,
      untitled: false,
    };
  }
  const line = /\S[^\n]*/.exec(snippet);
  if (!line) return { title: "", titleRanges: [], snippet: "", snippetRanges: [], untitled: true };
  const titleEnd = line.index + line[0].trimEnd().length;
  const afterLine = snippet.slice(line.index + line[0].length);
  const restStart = snippet.length - afterLine.trimStart().length;
  return {
    title: snippet.slice(line.index, titleEnd),
    titleRanges: shiftRanges(snippetRanges, line.index, titleEnd),
    snippet: snippet.slice(restStart).trimEnd(),
    snippetRanges: shiftRanges(snippetRanges, restStart, snippet.length),
    untitled: true,
  };
}

export type FeedItemProps = Omit<React.ComponentProps<"article">, "title" | "onClick"> & {
  kind: FeedItemKind;
  kindLabel: string;
  title: string | null | undefined;
  snippet: string;
  tags: readonly string[];
  time: string | Date;
  now: Date | number;
  highlights?: FeedItemHighlights;
  /** Shown when neither a title nor a snippet exists. */
  untitledLabel: string;
  /** Markers after the kind label (pinned, AI status, sources). */
  badges?: React.ReactNode;
  selectedTag?: string | null;
  tagListLabel: string;
  onOpen: () => void;
  onTagClick?: (tag: string) => void;
  foundByMeaning?: boolean;
  meaningLabel?: string;
  meaningHint?: string;
  media?: React.ReactNode;
};

export function FeedItem({
  kind,
  kindLabel,
  title: rawTitle,
  snippet: rawSnippet,
  tags,
  time,
  now,
  highlights = {},
  untitledLabel,
  badges,
  selectedTag,
  tagListLabel,
  onOpen,
  onTagClick,
  foundByMeaning = false,
  meaningLabel = "按意思",
  meaningHint = "没有相同的词，按意思找到",
  media,
  className,
  ...props
}: FeedItemProps) {
  const id = React.useId();
  const text = resolveFeedText(rawTitle, rawSnippet, highlights);
  const date = new Date(time);
  const terms = highlights.terms ?? [];
  return (
    <article
      data-slot="feed-item"
      data-kind={kind}
      data-found-by={foundByMeaning ? "meaning" : undefined}
      aria-labelledby={`${id}-title`}
      className={cn(
        "relative flex flex-col gap-2 rounded-lg border border-border bg-background p-4 text-foreground shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
      {...props}
    >
      <div
        data-slot="feed-item-meta"
        className="flex min-w-0 items-center gap-3 text-xs text-muted-foreground"
      >
        <span className={feedKindVariants({ kind })}>{kindLabel}</span>
        {badges}
        {foundByMeaning ? (
          <span
            data-slot="feed-item-meaning"
            title={meaningHint}
            className="inline-flex h-5 shrink-0 items-center rounded-sm bg-muted px-1.5 text-muted-foreground"
          >
            {meaningLabel}
          </span>
        ) : null}
        <time
          data-slot="feed-item-time"
          dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}
          className="ml-auto shrink-0"
        >
          {formatRelativeTime(date, now)}
        </time>
      </div>
      <h3 id={`${id}-title`} className="text-base leading-snug font-semibold">
        <button
          type="button"
          data-slot="feed-item-open"
          aria-describedby={text.snippet ? `${id}-snippet` : undefined}
          onClick={onOpen}
          className="block w-full cursor-pointer text-left outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-ring"
        >
          {text.title ? (
            <Highlight
              text={text.title}
              ranges={text.titleRanges}
              terms={terms}
              data-untitled={text.untitled || undefined}
              className="line-clamp-2"
            />
          ) : (
            <span className="text-muted-foreground">{untitledLabel}</span>
          )}
        </button>
      </h3>
      {text.snippet ? (
        <p
          id={`${id}-snippet`}
          data-slot="feed-item-snippet"
          className="line-clamp-3 text-sm leading-relaxed whitespace-pre-line text-muted-foreground"
        >
          <Highlight text={text.snippet} ranges={text.snippetRanges} terms={terms} />
        </p>
      ) : null}
      {media}
      {tags.length > 0 ? (
        <ul data-slot="feed-item-tags" aria-label={tagListLabel} className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="flex min-w-0">
              {onTagClick ? (
                <Tag
                  name={tag}
                  selected={tag === selectedTag}
                  onClick={() => onTagClick(tag)}
                  className="relative"
                />
              ) : (
                <Tag name={tag} selected={tag === selectedTag} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { markdownTitle } from "../../lib/card-markdown";
import { cn } from "../../lib/cn";
import type { HighlightRange } from "../../lib/highlight";
import { formatRelativeTime } from "../../lib/relative-time";
import { Highlight } from "../../primitives/highlight";
import { Tag } from "../../primitives/tag";
import { CardMarkdown } from "../card-markdown";
import { observeOverflow } from "./observe-overflow";

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
  /** `[start, end)` indices in the title. */
  title?: readonly HighlightRange[];
  /** `[start, end)` indices in the snippet (with highlights, the snippet is plain text, not Markdown). */
  snippet?: readonly HighlightRange[];
  /** Words to mark in the title and the snippet. */
  terms?: readonly string[];
};

/** What every kind of feed entry takes (IdeaListItem, NoteListItem), besides the item itself. */
export type FeedEntryProps = Omit<React.ComponentProps<"article">, "title" | "onClick"> & {
  /** Matches to mark (search results); the snippet is then plain text rather than Markdown. */
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
  /** Shows the kind (想法, 笔记); a list of one kind (the 想法 tab) leaves it out. */
  showKind?: boolean;
  /** Choosing items (整理成笔记): the item shows whether it is chosen, and activating it toggles that. */
  selected?: boolean;
  untitledLabel?: string;
  tagListLabel?: string;
  /** Found by meaning alone (search): none of the query's words is in it. */
  foundByMeaning?: boolean;
  meaningLabel?: string;
  meaningHint?: string;
  expandLabel?: string;
  collapseLabel?: string;
  /** Shown under the text, e.g. the item's thumbnails (ImageGrid). */
  media?: React.ReactNode;
};

export type FeedItemProps = Omit<
  FeedEntryProps,
  "onOpen" | "kindLabel" | "untitledLabel" | "tagListLabel"
> & {
  kind: FeedItemKind;
  kindLabel: string;
  title: string | null | undefined;
  /** The item's text: Markdown, or plain text with `highlights` (a search snippet). */
  snippet: string;
  tags: readonly string[];
  time: string | Date;
  now: Date | number;
  /** Shown when neither a title nor a snippet exists. */
  untitledLabel: string;
  /** Markers after the kind label (pinned, AI status, sources). */
  badges?: React.ReactNode;
  tagListLabel: string;
  onOpen: () => void;
};

/** An untitled item's name for screen readers: the words of its first line. */
function nameOf(snippet: string, plain: boolean) {
  if (!plain) return markdownTitle(snippet);
  const line = /\S[^\n]*/.exec(snippet.slice(0, 400))?.[0].trim() ?? "";
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

const OWN_CONTROLS = "a, button, input, select, textarea, [role=button]";

// Long text is cut at this many lines until 展开; observe-overflow.ts marks the text that is.
const CLAMP = "data-[state=collapsed]:max-h-[9lh] data-[state=collapsed]:overflow-hidden";
const FADE =
  "[&[data-state=collapsed][data-overflowing]]:[mask-image:linear-gradient(to_bottom,#000_65%,transparent)]";

export function FeedItem({
  kind,
  kindLabel,
  showKind = true,
  title: rawTitle,
  snippet,
  tags,
  time,
  now,
  highlights,
  untitledLabel,
  badges,
  selected,
  selectedTag,
  tagListLabel,
  onOpen,
  onTagClick,
  foundByMeaning = false,
  meaningLabel = "按意思",
  meaningHint = "没有相同的词，按意思找到",
  expandLabel = "展开",
  collapseLabel = "收起",
  media,
  className,
  ...props
}: FeedItemProps) {
  const id = React.useId();
  const [expanded, setExpanded] = React.useState(false);
  const plain = highlights !== undefined;
  const terms = highlights?.terms ?? [];
  const title = rawTitle?.trim() ?? "";
  const body = snippet.trim() ? snippet.trimEnd() : "";
  const name = title ? undefined : nameOf(body, plain) || untitledLabel;
  const date = new Date(time);
  const relative = formatRelativeTime(date, now);
  // A click anywhere on the card opens it, unless it was on a control of its own (a link, a tag,
  // 展开) or ended a text selection. Keyboards and screen readers use its open button: the title,
  // or an untitled memo's time.
  const openFromCard = (event: React.MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || (event.target as Element).closest(OWN_CONTROLS)) return;
    const selection = event.currentTarget.ownerDocument.getSelection();
    if (selection && !selection.isCollapsed && event.currentTarget.contains(selection.anchorNode)) return;
    onOpen();
  };
  const openProps = {
    "data-slot": "feed-item-open",
    "aria-describedby": body ? `${id}-snippet` : undefined,
    "aria-pressed": selected,
    onClick: onOpen,
  };
  const timeEl = (
    <time
      data-slot="feed-item-time"
      dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}
      className={cn("shrink-0", title && "ml-auto")}
    >
      {relative}
    </time>
  );
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the card's own open button (its title, or its time) opens it from the keyboard; this only widens the pointer target
    <article
      data-slot="feed-item"
      data-kind={kind}
      data-found-by={foundByMeaning ? "meaning" : undefined}
      data-selected={selected || undefined}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-label={name}
      onClick={openFromCard}
      className={cn(
        "relative flex cursor-pointer flex-col gap-2 rounded-lg border border-border bg-background p-4 text-foreground shadow-sm transition-shadow hover:shadow-md data-[selected]:border-primary data-[selected]:ring-1 data-[selected]:ring-primary has-[[data-slot=feed-item-open]:focus-visible]:ring-2 has-[[data-slot=feed-item-open]:focus-visible]:ring-ring",
        className,
      )}
      {...props}
    >
      <div
        data-slot="feed-item-meta"
        className="flex min-w-0 items-center gap-3 text-xs text-muted-foreground"
      >
        {showKind ? <span className={feedKindVariants({ kind })}>{kindLabel}</span> : null}
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
        {title ? (
          timeEl
        ) : (
          // an untitled memo opens from its time, as a permalink does (and from anywhere on the card)
          <button
            type="button"
            // its visible text, the time, is part of its name (label in name)
            aria-label={`${name} ${relative}`}
            className="ml-auto shrink-0 cursor-pointer outline-none"
            {...openProps}
          >
            {timeEl}
          </button>
        )}
      </div>
      {title ? (
        <h2 id={`${id}-title`} className="text-base leading-snug font-semibold">
          <button type="button" className="block w-full cursor-pointer text-left outline-none" {...openProps}>
            <Highlight text={title} ranges={highlights?.title ?? []} terms={terms} className="line-clamp-2" />
          </button>
        </h2>
      ) : null}
      {body ? (
        <div
          id={`${id}-snippet`}
          ref={observeOverflow}
          data-slot="feed-item-snippet"
          data-state={expanded ? "expanded" : "collapsed"}
          className={cn(
            "peer text-sm leading-relaxed",
            title ? "text-muted-foreground" : "text-foreground",
            CLAMP,
            FADE,
          )}
        >
          {plain ? (
            <p className="break-words whitespace-pre-line">
              <Highlight text={body} ranges={highlights?.snippet ?? []} terms={terms} />
            </p>
          ) : (
            <CardMarkdown source={body} terms={terms} />
          )}
        </div>
      ) : title ? null : (
        <p className="text-sm text-muted-foreground">{untitledLabel}</p>
      )}
      {body ? (
        <button
          type="button"
          data-slot="feed-item-expand"
          aria-expanded={expanded}
          aria-controls={`${id}-snippet`}
          onClick={() => setExpanded(!expanded)}
          // on touch screens a 44 px box around its line; the space under it keeps that box clear of the tags' own
          className="relative -my-1 hidden cursor-pointer self-start rounded-sm py-1 text-left text-sm font-medium text-primary outline-none peer-data-[overflowing]:block focus-visible:ring-2 focus-visible:ring-ring max-lg:-mt-2.5 max-lg:mb-2.5 max-lg:min-h-11 max-lg:min-w-11"
        >
          {expanded ? collapseLabel : expandLabel}
        </button>
      ) : null}
      {media}
      {tags.length > 0 ? (
        <ul
          data-slot="feed-item-tags"
          aria-label={tagListLabel}
          // tag buttons reach 44 px on touch screens (Tag): rows far enough apart that the areas never overlap
          className={cn("flex flex-wrap gap-1.5", onTagClick && "max-lg:gap-y-5")}
        >
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

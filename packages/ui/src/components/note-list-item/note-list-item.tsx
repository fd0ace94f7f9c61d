import { Layers } from "lucide-react";
import type * as React from "react";
import { FeedItem, type FeedItemHighlights } from "../idea-list-item/feed-item";

export type NoteListItemNote = {
  id: string;
  title: string;
  /** Plain text: the app strips Markdown before passing it in. */
  snippet: string;
  tags: readonly string[];
  createdAt: string | Date;
  /** Shown instead of `createdAt` when given. */
  updatedAt?: string | Date;
  sourceIdeaIds?: readonly string[];
};

export type NoteListItemProps = Omit<React.ComponentProps<"article">, "title" | "onClick"> & {
  note: NoteListItemNote;
  /** Matches to mark (search results). */
  highlights?: FeedItemHighlights;
  /** The moment relative times are measured from. */
  now?: Date | number;
  /** The tag currently filtering the list, shown selected. */
  selectedTag?: string | null;
  /** Called with the note's id when the item is activated. */
  onOpen: (id: string) => void;
  /** Makes tags buttons (e.g. filter by tag); without it tags are plain chips. */
  onTagClick?: (tag: string) => void;
  kindLabel?: string;
  /** Text for the number of ideas the note was made from. */
  sourceCountLabel?: (count: number) => string;
  untitledLabel?: string;
  tagListLabel?: string;
};

export function NoteListItem({
  note,
  highlights,
  now = new Date(),
  selectedTag,
  onOpen,
  onTagClick,
  kindLabel = "笔记",
  sourceCountLabel = (count) => `来自 ${count} 个想法`,
  untitledLabel = "无标题笔记",
  tagListLabel = "标签",
  ...props
}: NoteListItemProps) {
  const sourceCount = note.sourceIdeaIds?.length ?? 0;
  return (
    <FeedItem
      kind="note"
      kindLabel={kindLabel}
      title={note.title}
      snippet={note.snippet}
      tags={note.tags}
      time={note.updatedAt ?? note.createdAt}
      now={now}
      highlights={highlights}
      untitledLabel={untitledLabel}
      selectedTag={selectedTag}
      tagListLabel={tagListLabel}
      onOpen={() => onOpen(note.id)}
      onTagClick={onTagClick}
      badges={
        sourceCount > 0 ? (
          <span data-slot="note-sources" className="inline-flex items-center gap-1">
            <Layers aria-hidden className="size-3.5" />
            {sourceCountLabel(sourceCount)}
          </span>
        ) : null
      }
      {...props}
    />
  );
}

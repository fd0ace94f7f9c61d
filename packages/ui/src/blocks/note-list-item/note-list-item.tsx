import { Layers } from "lucide-react";
import { type FeedEntryProps, FeedItem } from "../idea-list-item/feed-item";

export type NoteListItemNote = {
  id: string;
  title: string;
  /** The start of the note's Markdown, rendered as a card shows it. */
  snippet: string;
  tags: readonly string[];
  createdAt: string | Date;
  /** Shown instead of `createdAt` when given. */
  updatedAt?: string | Date;
  sourceIdeaIds?: readonly string[];
};

export type NoteListItemProps = FeedEntryProps & {
  note: NoteListItemNote;
  /** Text for the number of ideas the note was made from. */
  sourceCountLabel?: (count: number) => string;
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

import type { FeedItem } from "@shinian/contract";
import { IdeaListItem, NoteListItem } from "@shinian/ui";
import { markdownToPlain } from "../../lib/markdown-text.ts";

export type FeedListProps = {
  items: FeedItem[];
  selectedTag?: string;
  onOpen: (item: { type: "idea" | "note"; id: string }) => void;
  onTagClick: (tag: string) => void;
};

export function FeedList({ items, selectedTag, onOpen, onTagClick }: FeedListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="想法和笔记">
      {items.map((item) => (
        <li key={`${item.type}-${item.id}`}>
          {item.type === "idea" ? (
            <IdeaListItem
              idea={{
                id: item.id,
                title: item.title,
                snippet: item.content || item.originalContent,
                tags: item.tags,
                createdAt: item.createdAt,
                pinned: item.pinned,
                aiStatus: item.aiStatus,
              }}
              selectedTag={selectedTag}
              onOpen={(id) => onOpen({ type: "idea", id })}
              onTagClick={onTagClick}
            />
          ) : (
            <NoteListItem
              note={{
                id: item.id,
                title: item.title,
                snippet: markdownToPlain(item.content),
                tags: item.tags,
                createdAt: item.createdAt,
                updatedAt: item.updatedAt,
                sourceIdeaIds: item.sourceIdeaIds,
              }}
              selectedTag={selectedTag}
              onOpen={(id) => onOpen({ type: "note", id })}
              onTagClick={onTagClick}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

import type { FeedItem } from "@shinian/contract";
import { IdeaListItem, type IdeaSyncState, NoteListItem } from "@shinian/ui";
import type * as React from "react";
import { IdeaAttachments } from "../ideas/idea-attachments.tsx";
import { notePreview } from "./note-preview.ts";

/**
 * A card in 多选: its checkbox, whether it is chosen, and why it cannot be (its box disabled then;
 * `toggle`, a tap on the card, says why).
 */
export type Choice = { box: React.ReactNode; chosen: boolean; why: string | null; toggle: () => void };

export type FeedListProps = {
  items: FeedItem[];
  selectedTag?: string;
  onOpen: (item: { type: "idea" | "note"; id: string }) => void;
  onTagClick: (tag: string) => void;
  /** Queued captures by their temporary id: shown as 待同步 or 未能保存. */
  syncStates?: ReadonlyMap<string, IdeaSyncState>;
  /** 多选 (feed-choice.tsx, loaded when it starts): each card's box, and a tap on the card ticks it too. */
  choice?: (item: FeedItem) => Choice;
  /** Shows each card's kind (想法, 笔记): off on a list of one kind. */
  showKind?: boolean;
};

// Cards off screen are laid out and painted only as they come near it: 首页's first page is 20 of
// them, a phone shows four or five, and the layout of all of them was one of the longest tasks of
// its first moments. `auto` keeps a card's real height once it has been drawn; the clip margin
// keeps the card's shadow and focus ring, which the containment would cut at the item's edge.
const OFFSCREEN_CARD =
  "[content-visibility:auto] [contain-intrinsic-size:auto_8rem] [overflow-clip-margin:1rem]";

export function FeedList({
  items,
  selectedTag,
  onOpen,
  onTagClick,
  syncStates,
  choice: choiceOf,
  showKind = true,
}: FeedListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="想法和笔记">
      {items.map((item) => {
        const choice = choiceOf?.(item);
        return (
          <li
            key={`${item.type}-${item.id}`}
            className={choice ? `flex items-center gap-1 lg:gap-3 ${OFFSCREEN_CARD}` : OFFSCREEN_CARD}
          >
            {choice?.box}
            <div className={choice ? "min-w-0 flex-1" : undefined}>
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
                    tidied: item.tidied,
                    syncState: syncStates?.get(item.id),
                    annotationCount: item.annotationCount,
                  }}
                  media={
                    item.attachments?.length ? (
                      <IdeaAttachments
                        attachments={item.attachments}
                        size="thumb"
                        item={{ type: "idea", id: item.id }}
                      />
                    ) : null
                  }
                  showKind={showKind}
                  selected={choice && !choice.why ? choice.chosen : undefined}
                  selectedTag={selectedTag}
                  onOpen={(id) => (choice ? choice.toggle() : onOpen({ type: "idea", id }))}
                  onTagClick={onTagClick}
                />
              ) : (
                <NoteListItem
                  note={{
                    id: item.id,
                    title: item.title,
                    snippet: notePreview(item.preview, item.contentLength),
                    tags: item.tags,
                    createdAt: item.createdAt,
                    updatedAt: item.updatedAt,
                    sourceIdeaIds: item.sourceIdeaIds,
                  }}
                  showKind={showKind}
                  selectedTag={selectedTag}
                  selected={choice && !choice.why ? choice.chosen : undefined}
                  onOpen={(id) => (choice ? choice.toggle() : onOpen({ type: "note", id }))}
                  onTagClick={onTagClick}
                />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

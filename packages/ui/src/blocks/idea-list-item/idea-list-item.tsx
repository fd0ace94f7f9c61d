import { CircleAlert, CloudOff, Pin, Sparkles } from "lucide-react";
import { Spinner } from "../../primitives/spinner";
import { type FeedEntryProps, FeedItem } from "./feed-item";

export type IdeaAiStatus = "none" | "pending" | "done" | "failed";
/** A capture still on this device: `pending` waits for the network, `refused` was refused by the server. */
export type IdeaSyncState = "pending" | "refused";

export type IdeaListItemIdea = {
  id: string;
  title?: string | null;
  snippet: string;
  tags: readonly string[];
  createdAt: string | Date;
  pinned?: boolean;
  aiStatus?: IdeaAiStatus;
  /** Its words shown are an AI tidy, not the person's own (已整理). */
  tidied?: boolean;
  syncState?: IdeaSyncState;
  /** How many 批注 it has: shown when some. */
  annotationCount?: number;
};

export type IdeaListItemProps = FeedEntryProps & {
  idea: IdeaListItemIdea;
  pinnedLabel?: string;
  aiPendingLabel?: string;
  aiFailedLabel?: string;
  tidiedLabel?: string;
  pendingSyncLabel?: string;
  refusedSyncLabel?: string;
};

export function IdeaListItem({
  idea,
  highlights,
  now = new Date(),
  selectedTag,
  onOpen,
  onTagClick,
  kindLabel = "想法",
  pinnedLabel = "已置顶",
  aiPendingLabel = "AI整理中…",
  aiFailedLabel = "AI整理失败",
  tidiedLabel = "已整理",
  pendingSyncLabel = "待同步",
  refusedSyncLabel = "未能保存",
  untitledLabel = "无标题想法",
  tagListLabel = "标签",
  ...props
}: IdeaListItemProps) {
  const aiStatus = idea.aiStatus ?? "none";
  return (
    <FeedItem
      kind="idea"
      kindLabel={kindLabel}
      data-pinned={idea.pinned || undefined}
      data-ai-status={aiStatus}
      data-tidied={idea.tidied || undefined}
      data-sync={idea.syncState}
      title={idea.title}
      snippet={idea.snippet}
      tags={idea.tags}
      time={idea.createdAt}
      now={now}
      highlights={highlights}
      untitledLabel={untitledLabel}
      selectedTag={selectedTag}
      tagListLabel={tagListLabel}
      onOpen={() => onOpen(idea.id)}
      onTagClick={onTagClick}
      badges={
        <>
          {idea.syncState ? (
            <span
              data-slot="idea-sync"
              className={
                idea.syncState === "pending"
                  ? "inline-flex items-center gap-1 text-warning"
                  : "inline-flex items-center gap-1 text-error"
              }
            >
              <CloudOff aria-hidden className="size-3.5" />
              {idea.syncState === "pending" ? pendingSyncLabel : refusedSyncLabel}
            </span>
          ) : null}
          {idea.pinned ? (
            <span data-slot="idea-pinned" className="inline-flex items-center gap-1 text-primary">
              <Pin aria-hidden className="size-3.5" />
              {pinnedLabel}
            </span>
          ) : null}
          {idea.tidied && aiStatus !== "pending" ? (
            <span data-slot="idea-tidied" className="inline-flex items-center gap-1 text-info">
              <Sparkles aria-hidden className="size-3.5" />
              {tidiedLabel}
            </span>
          ) : null}
          {aiStatus === "pending" ? (
            <span data-slot="idea-ai-status" className="inline-flex items-center gap-1 text-info">
              <Spinner size="sm" label={null} className="size-3 border" />
              {aiPendingLabel}
            </span>
          ) : null}
          {idea.annotationCount ? (
            <span data-slot="idea-annotations" className="text-muted-foreground">
              {idea.annotationCount} 条批注
            </span>
          ) : null}
          {aiStatus === "failed" ? (
            <span data-slot="idea-ai-status" className="inline-flex items-center gap-1 text-error">
              <CircleAlert aria-hidden className="size-3.5" />
              {aiFailedLabel}
            </span>
          ) : null}
        </>
      }
      {...props}
    />
  );
}

import type { FeedType } from "../../api/items.ts";
import { QueueFullError } from "../capture-queue/queue-limits.ts";
import { useCaptureQueue } from "../capture-queue/use-capture-queue.ts";
import { useFilePreviews } from "../capture-queue/use-file-previews.ts";
import type { CaptureOptions } from "./composer.tsx";
import { queuedIdea, type useFeed } from "./use-feed.ts";

type Options = {
  userId: string | undefined;
  feed: ReturnType<typeof useFeed>;
  type: FeedType;
  tag: string | undefined;
  /** A saved capture carried tags (#标签 in it): the tag list may have changed. */
  onTagsChanged: () => void;
  /** Why a capture could not be queued (null when a new one starts). */
  onError: (message: string | null) => void;
};

/**
 * 首页's captures: the offline queue, the queued ideas shown above the feed (newest first), each
 * one's sync state, and `capture`, the composer's `queueCapture`.
 */
export function useHomeCaptures({ userId, feed, type, tag, onTagsChanged, onError }: Options) {
  const queue = useCaptureQueue(userId, (idea) => {
    if (type !== "note" && !tag) feed.prepend({ ...idea, type: "idea" });
    if (idea.tags.length) onTagsChanged();
  });
  // Queued captures are untagged ideas: shown on 全部 and 想法 without a tag filter.
  const shown = type !== "note" && !tag;
  // Newest first, like the list below them; one the list already has from the server (a page that
  // came while it was being dropped from the queue) shows once, as saved.
  const onServer = new Set(feed.items.map((item) => (item.type === "idea" ? item.clientId : null)));
  const previews = useFilePreviews(queue.items);
  const queued = queue.items
    .filter((item) => !onServer.has(item.clientId))
    .map((item) => queuedIdea(item, previews))
    .reverse();
  const syncStates = new Map(queue.items.map((item) => [queuedIdea(item).id, item.state] as const));
  const capture = async (content: string, options: CaptureOptions) => {
    onError(null);
    try {
      await queue.capture(content, options);
    } catch (error) {
      onError(error instanceof QueueFullError ? error.message : "无法在本机保存，草稿已保留");
      throw new Error("not queued");
    }
  };
  return { queue, queued: shown ? queued : [], syncStates, capture };
}

import type { Attachment, FeedItem } from "@shinian/contract";
import * as React from "react";
import { errorMessage, isNoResponse } from "../../api/client.ts";
import { type FeedType, fetchFeed } from "../../api/items.ts";
import { useAuth } from "../../auth/auth-context.tsx";
import { useOnline } from "../../hooks/use-online.ts";
import { usePendingIdeas } from "../../hooks/use-pending-ideas.ts";
import { itemsChanged } from "../../lib/items-changed.ts";
import { keepFeedPage, readFeedPage } from "../../lib/offline-copies.ts";
import type { LocalAttachment } from "../ideas/idea-attachments.tsx";
import { firstPage } from "./first-page.ts";

const UNSAVED_PREFIX = "temp-";

/**
 * A capture still in the offline queue, shown in the list under a temporary id until it is saved,
 * with its files as they are on this device (`previews`: object URLs by file key).
 */
export function queuedIdea(
  item: {
    clientId: string;
    content: string;
    capturedAt: string;
    aiExcluded?: boolean;
    files?: { key: string; kind: Attachment["kind"]; name: string; size: number }[];
  },
  previews: ReadonlyMap<string, string> = new Map(),
): FeedItem {
  // With its name: a picture the browser cannot draw yet (a HEIC in Chromium) shows it instead.
  const attachments = (item.files ?? []).flatMap((file): LocalAttachment[] => {
    const url = previews.get(file.key);
    return url
      ? [{ id: file.key, kind: file.kind, url, thumbnailUrl: url, size: file.size, name: file.name }]
      : [];
  });
  return {
    type: "idea",
    id: `${UNSAVED_PREFIX}${item.clientId}`,
    originalContent: item.content,
    title: "",
    content: item.content,
    tags: [],
    aiStatus: "none",
    pinned: false,
    aiExcluded: item.aiExcluded === true,
    ...(attachments.length ? { attachments } : {}),
    createdAt: item.capturedAt,
    updatedAt: item.capturedAt,
  };
}

/** Not saved yet: it cannot be opened, chosen in 多选, or watched for a tidy. */
export const isUnsaved = (item: { id: string }) => item.id.startsWith(UNSAVED_PREFIX);

/**
 * The first page, after whatever was captured while it loaded: those are newer than anything it
 * holds, and a page fetched before their save committed does not know them. Replacing the list
 * with the page made a capture in the first moments after opening 首页 vanish until a reload.
 */
export const withFirstPage = (captured: FeedItem[], page: FeedItem[]): FeedItem[] =>
  afterPins(
    page,
    captured.filter((item) => !page.some((p) => p.id === item.id)),
  );

/**
 * A further page after the list: an item the list already shows is not shown twice (a pin leads
 * the first page and may come again further down once pages shift: unpinned, captured meanwhile).
 */
export const withNextPage = (list: FeedItem[], page: FeedItem[]): FeedItem[] => {
  const shown = new Set(list.map((item) => `${item.type}:${item.id}`));
  return [...list, ...page.filter((item) => !shown.has(`${item.type}:${item.id}`))];
};

/** `fresh` put where new items go: after the pins that lead the list (the feed's pinned lead). */
export function afterPins(list: FeedItem[], fresh: FeedItem[]): FeedItem[] {
  const lead = list.findIndex((item) => !item.pinned);
  const at = lead === -1 ? list.length : lead;
  return [...list.slice(0, at), ...fresh, ...list.slice(at)];
}

/** The mixed list, newest first, paged by cursor; `prepend`/`replace` serve optimistic capture. */
export function useFeed(type: FeedType, tag: string | undefined) {
  const userId = useAuth().user?.id;
  // The first page of 全部 is what stays readable offline.
  const keepsCopy = type === "all" && !tag;
  const [offline, setOffline] = React.useState(false);
  const [items, setItems] = React.useState<FeedItem[]>([]);
  const [cursor, setCursor] = React.useState<string | null>(null);
  const [loading, setLoading] = React.useState(true);
  const [error, setError] = React.useState<string | null>(null);
  const generation = React.useRef(0);

  const load = React.useCallback(
    async (from: string | null) => {
      const current = generation.current;
      setLoading(true);
      setError(null);
      let apply: () => void;
      try {
        const page = await (from ? fetchFeed({ type, tag, cursor: from }) : firstPage({ type, tag }));
        apply = () => {
          setItems((old) => (from ? withNextPage(old, page.items) : withFirstPage(old, page.items)));
          setCursor(page.nextCursor);
          setOffline(false);
        };
        if (!from && keepsCopy && userId && current === generation.current)
          void keepFeedPage(userId, page.items).catch(() => undefined);
      } catch (e) {
        const kept =
          !from && keepsCopy && userId && isNoResponse(e)
            ? await readFeedPage(userId).catch(() => undefined)
            : undefined;
        apply = kept
          ? () => {
              setItems((old) => withFirstPage(old, kept));
              setOffline(true);
            }
          : () => setError(errorMessage(e, "加载失败"));
      }
      if (current !== generation.current) return;
      // A page of cards is 首页's heaviest render: as a transition React renders it in slices that
      // leave the page responsive (no task of 100 ms or more on a slow phone), and shows it whole.
      React.startTransition(() => {
        apply();
        setLoading(false);
      });
    },
    [type, tag, keepsCopy, userId],
  );

  const restart = React.useCallback(() => {
    generation.current += 1;
    setItems([]);
    setCursor(null);
    void load(null);
  }, [load]);
  React.useEffect(restart, [restart]);
  // 撤销 of a delete brought items back: they take their places again. Another device's change:
  // features/live/live-feed.ts reads the first page again in place.
  React.useEffect(
    () =>
      itemsChanged.subscribe((change) =>
        change
          ? itemsChanged.updateFeed?.(change, { type, tag, generation, setItems, setCursor, restart })
          : restart(),
      ),
    [type, tag, restart],
  );

  // Back online after showing the kept copy: the real first page replaces it.
  const online = useOnline();
  React.useEffect(() => {
    if (online && offline) void load(null);
  }, [online, offline, load]);

  usePendingIdeas(
    items.filter((i) => i.type === "idea" && i.aiStatus === "pending" && !isUnsaved(i)).map((i) => i.id),
    (idea) => setItems((old) => old.map((i) => (i.id === idea.id ? { ...idea, type: "idea" } : i))),
  );

  return {
    items,
    loading,
    error,
    /** The list is the copy kept on this device: the network is away. */
    offline,
    hasMore: cursor !== null,
    loadMore: () => {
      if (cursor && !loading) void load(cursor);
    },
    /** From the first page again (after a tag rename changed the items). */
    reload: restart,
    // The same idea may already be in the list (a first page that came after its save).
    prepend: (item: FeedItem) =>
      setItems((old) =>
        afterPins(
          old.filter((x) => x.id !== item.id),
          [item],
        ),
      ),
  };
}

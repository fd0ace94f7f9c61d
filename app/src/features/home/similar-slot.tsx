import type { SimilarItem } from "@shinian/contract";
import { SIMILAR_MIN_CHARS } from "@shinian/contract/constants";
import { SimilarPanel } from "@shinian/ui";
import * as React from "react";
import { call } from "../../api/client.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { toaster } from "../../lib/toaster.ts";
import { annotationEntry, queueAnnotation } from "../capture-queue/queue-annotation.ts";
import { QueueFullError } from "../capture-queue/queue-limits.ts";

/** Asked this long after the last keystroke: a word typed, not every letter of it. */
const DEBOUNCE_MS = 400;

type SimilarSlotProps = {
  draft: string;
  aiExcluded: boolean;
  /** 关联: the item's link goes into the draft. */
  onLink: (item: SimilarItem) => void;
  /**
   * 追加为批注 files the draft under the idea, through the offline queue as any 批注; then this is
   * called (the composer lets the draft go). Without it, not offered: a draft marked 不让AI读取 or
   * holding pictures or a recording is no 批注.
   */
  onAnnotated?: (queued: boolean) => void;
};

/**
 * 你想过这个 under the composer: while a capture is typed, up to 3 earlier items that say nearly the
 * same thing (POST /api/similar). Loaded with the first draft long enough to ask about. A lookup
 * as one types is no screen data (nothing to cache, navigate to or invalidate): it is asked here,
 * debounced, each keystroke cancelling the last question. Offline or failed: nothing is shown, the
 * capture works as ever. It never takes the focus.
 */
export default function SimilarSlot({ draft, aiExcluded, onLink, onAnnotated }: SimilarSlotProps) {
  const [items, setItems] = React.useState<SimilarItem[]>([]);
  const [dismissed, setDismissed] = React.useState<ReadonlySet<string>>(new Set());
  const text = draft.trim();
  const enough = [...text].length >= SIMILAR_MIN_CHARS;

  React.useEffect(() => {
    if (!enough) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call("similarToDraft", { body: { text, aiExcluded }, signal: controller.signal })
        .then((data) => setItems(data.items))
        .catch(() => {
          if (!controller.signal.aborted) setItems([]);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, enough, aiExcluded]);

  const annotate = async (item: { id: string; title: string }) => {
    const userId = tokenStore.get().user?.id;
    if (!userId || !onAnnotated) return;
    try {
      onAnnotated(await queueAnnotation({ ...annotationEntry(userId, item, text), ideaId: item.id }));
      toaster.show({ message: `已追加为「${item.title}」的批注` });
    } catch (error) {
      const message = error instanceof QueueFullError ? error.message : "追加批注失败，草稿已保留";
      toaster.show({ message, tone: "error" });
    }
  };

  // an item linked already is not offered again
  const shown = items.filter((i) => !dismissed.has(i.id) && !draft.includes(`[[${i.type}:${i.id}]]`));
  return (
    <SimilarPanel
      className="mt-3"
      items={shown}
      onLink={onLink}
      onAnnotate={onAnnotated ? (item) => void annotate(item) : undefined}
      onDismiss={(item) => setDismissed((was) => new Set(was).add(item.id))}
    />
  );
}

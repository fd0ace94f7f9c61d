import { AnnotationThread, type AnnotationThreadItem } from "@shinian/ui";
import { queryOptions, useQuery } from "@tanstack/react-query";
import * as React from "react";
import { fetchAnnotations } from "../../api/item-changes.ts";
import { tokenStore } from "../../auth/token-store.ts";
import { queryClient } from "../../data/query-client.ts";
import { useDraft } from "../../hooks/use-draft.ts";
import { annotationEntry, queueAnnotation } from "../capture-queue/queue-annotation.ts";
import { QueueFullError } from "../capture-queue/queue-limits.ts";
import { useCaptureQueue } from "../capture-queue/use-capture-queue.ts";

export const annotationsQuery = (ideaId: string) =>
  queryOptions({ queryKey: ["ideas", ideaId, "annotations"], queryFn: () => fetchAnnotations(ideaId) });

const noIdea = () => undefined;

/**
 * 批注 under an idea: the thread from the server, then those still in the offline queue (待同步),
 * and 追加批注, which queues the text as a capture of its own (sent now when online, else when the
 * network returns) and keeps what is typed as a draft until it is queued.
 */
export function IdeaAnnotations({
  ideaId,
  ideaTitle,
  autoFocus = false,
}: {
  ideaId: string;
  /** Kept with a queued 批注, so 首页 can say which idea it waits for. */
  ideaTitle: string;
  autoFocus?: boolean;
}) {
  // the signed-in account, read as the data layer does (no provider needed around the page)
  const userId = tokenStore.get().user?.id;
  const thread = useQuery(annotationsQuery(ideaId));
  const [draft, setDraft] = useDraft(`annotation:${ideaId}`);
  const [error, setError] = React.useState<string | undefined>(undefined);
  const refresh = (id: string) => {
    void queryClient.invalidateQueries({ queryKey: annotationsQuery(id).queryKey });
    // its count, and any #标签 it added
    void queryClient.invalidateQueries({ queryKey: ["ideas", id], exact: true });
  };
  const queue = useCaptureQueue(userId, noIdea, { annotationsOnly: true, onAnnotationSaved: refresh });
  const annotate = async (content: string) => {
    // signed out meanwhile: the catch below puts the text back in the box
    if (!userId) throw new Error("未登录");
    if (
      await queueAnnotation({ ...annotationEntry(userId, { id: ideaId, title: ideaTitle }, content), ideaId })
    )
      queue.syncNow();
    else refresh(ideaId);
  };
  const saved = thread.data ?? [];
  const waiting: AnnotationThreadItem[] = queue.annotations
    .filter((a) => a.ideaId === ideaId)
    .map((a) => ({
      id: a.clientId,
      content: a.content,
      createdAt: a.capturedAt,
      pending: true,
      reason: a.state === "refused" ? (a.reason ?? "") : undefined,
    }));
  return (
    <AnnotationThread
      annotations={[...saved, ...waiting]}
      draft={draft}
      onDraftChange={(value) => {
        setError(undefined);
        setDraft(value);
      }}
      autoFocusInput={autoFocus}
      onRetry={(id) => void queue.retry(id)}
      onDelete={(id) => void queue.remove(id)}
      error={error}
      onAdd={(content) => {
        annotate(content).catch((e: unknown) => {
          setDraft(content);
          setError(e instanceof QueueFullError ? e.message : "无法在本机保存，草稿已保留");
        });
      }}
    />
  );
}

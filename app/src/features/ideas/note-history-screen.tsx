import type { Note } from "@shinian/contract";
import { Alert, Button, EmptyState, NoteHistory, PageLoading, WebLayout } from "@shinian/ui";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage, isApiError } from "../../api/client.ts";
import { fetchNoteHistory, fetchNoteVersion, restoreNoteVersion } from "../../api/note-history.ts";
import { queryClient } from "../../data/query-client.ts";
import { toaster } from "../../lib/toaster.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { useItem } from "./use-item.ts";

/** Beside the note's own key (["notes", id]), so that invalidating the note reaches it too. */
const historyKey = (id: string) => ["notes", id, "history"] as const;

/** Opened by the note's 历史版本 (item-reading.tsx marks the entry). */
const cameFromNote = (router: ReturnType<typeof useRouter>) =>
  (router.history.location.state as { fromNote?: boolean }).fromNote === true;

/** /notes/{id}#history: the note's 历史版本, each compared with its text now, and 恢复此版本. */
export default function NoteHistoryScreen({ id }: { id: string }) {
  const note = useItem("note", id);
  const router = useRouter();
  const navigate = useNavigate();
  const history = useInfiniteQuery({
    queryKey: historyKey(id),
    queryFn: ({ pageParam }) => fetchNoteHistory(id, pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
  const versions = history.data?.pages.flatMap((page) => page.items) ?? [];
  const current = note.data?.kind === "note" ? note.data.item : null;
  const [chosenId, setChosenId] = React.useState<string | null>(null);
  const chosen = versions.find((v) => v.versionId === chosenId) ?? versions[0];
  // one text at a time, when chosen: a list of whole texts would be up to 200,000 characters each
  const chosenText = useQuery({
    queryKey: [...historyKey(id), chosen?.versionId],
    queryFn: () => fetchNoteVersion(id, chosen!.versionId),
    enabled: chosen !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const showNote = (item: Note) => note.set({ kind: "note", item });
  const restore = async (versionId: string) => {
    if (!current) return;
    try {
      const { droppedImages, ...restored } = await restoreNoteVersion(id, versionId, current.updatedAt);
      showNote(restored);
      toaster.show({
        message: droppedImages
          ? `已恢复此版本；其中 ${droppedImages} 张图片已被永久删除，没有恢复`
          : "已恢复此版本",
      });
    } catch (e) {
      // Saved elsewhere meanwhile (409): the comparison moves to that text, and nothing is restored over it unseen.
      const theirs = isApiError(e) && e.status === 409 ? (e.data as { data?: Note } | null)?.data : undefined;
      if (theirs) showNote(theirs);
      toaster.show({
        tone: "error",
        message: theirs
          ? "这篇笔记已在别处修改过，现在对比的是最新内容；仍要恢复请再点一次"
          : errorMessage(e, "恢复失败"),
      });
    } finally {
      void queryClient.invalidateQueries({ queryKey: historyKey(id) });
    }
  };

  const error = note.error ?? (history.error ? errorMessage(history.error, "加载失败") : null);
  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-4 py-4 md:py-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <h1 className="font-bold text-2xl">历史版本</h1>
            {current ? <p className="break-words text-muted-foreground text-sm">{current.title}</p> : null}
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="max-md:h-11"
            onClick={() =>
              cameFromNote(router)
                ? router.history.back()
                : void navigate({ to: "/notes/$id", params: { id }, hash: "", replace: true })
            }
          >
            返回笔记
          </Button>
        </div>
        {note.offline ? (
          <Alert tone="warning" title="离线" description="联网后才能查看和恢复历史版本。" />
        ) : null}
        {error ? <EmptyState title="无法显示历史版本" description={error} /> : null}
        {!error && (!current || history.isPending) ? <PageLoading /> : null}
        {!error && current && history.data ? (
          <NoteHistory
            versions={versions}
            current={current}
            chosenId={chosen?.versionId}
            onChoose={setChosenId}
            chosenContent={chosenText.data?.content}
            chosenError={chosenText.error ? errorMessage(chosenText.error, "正文加载失败") : undefined}
            onRestore={restore}
            hasMore={history.hasNextPage}
            loadingMore={history.isFetchingNextPage}
            onLoadMore={() => void history.fetchNextPage()}
          />
        ) : null}
      </WebLayout>
    </AppShell>
  );
}

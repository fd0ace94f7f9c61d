import { Alert, Button, EmptyState, PageLoading, WebLayout } from "@shinian/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { fetchArchived } from "../../api/archive.ts";
import { errorMessage } from "../../api/client.ts";
import { FeedList } from "../home/feed-list.tsx";
import { AppShell } from "../layout/app-shell.tsx";

export const archiveKeys = { list: ["archive"] as const };

/** /archive (归档): the ideas and notes put away from 首页, newest first; each opens to 取消归档. */
export function ArchiveScreen() {
  const navigate = useNavigate();
  const archived = useInfiniteQuery({
    queryKey: archiveKeys.list,
    queryFn: ({ pageParam }) => fetchArchived(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // an item archived or restored elsewhere shows when the list is opened again
    staleTime: 0,
  });
  const items = archived.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <h1 className="font-bold text-2xl">归档</h1>
        <p className="text-muted-foreground text-sm">
          归档的想法和笔记不在首页显示，仍然可以搜索到；打开一条，点「已归档」即可放回首页。
        </p>
        {archived.error ? (
          <Alert tone="error" description={errorMessage(archived.error, "加载失败")} />
        ) : null}
        {archived.isPending ? <PageLoading /> : null}
        {archived.data && !items.length ? (
          <EmptyState
            title="还没有归档的内容"
            description="在想法或笔记的详情里点「归档」，它就会收到这里。"
          />
        ) : null}
        <FeedList
          items={items}
          onOpen={(item) =>
            void navigate(
              item.type === "idea"
                ? { to: "/ideas/$id", params: { id: item.id } }
                : { to: "/notes/$id", params: { id: item.id } },
            )
          }
          onTagClick={(tag) => void navigate({ to: "/", search: { tag } })}
        />
        {archived.hasNextPage ? (
          <Button
            variant="secondary"
            className="self-center max-md:h-11"
            loading={archived.isFetchingNextPage}
            onClick={() => void archived.fetchNextPage()}
          >
            加载更多
          </Button>
        ) : null}
      </WebLayout>
    </AppShell>
  );
}

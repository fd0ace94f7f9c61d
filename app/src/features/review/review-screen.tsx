import type { FeedItem, ReviewToday } from "@shinian/contract";
import {
  Alert,
  Button,
  PageLoading,
  ReviewCard,
  type ReviewCardItem,
  ReviewEmptyState,
  ReviewProgress,
  Sheet,
  WebLayout,
} from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { errorMessage, isApiError } from "../../api/client.ts";
import { updateIdea, updateNote } from "../../api/item-changes.ts";
import { itemKeys } from "../../data/items.ts";
import {
  excludeFromReview,
  includeInReview,
  markReviewDone,
  reviewKeys,
  reviewTodayQuery,
} from "../../data/review.ts";
import { plainTitle } from "../../lib/markdown-text.ts";
import { SideChat } from "../chat/side-chat.tsx";
import { AppShell } from "../layout/app-shell.tsx";
import { OnThisDaySection } from "./on-this-day-section.tsx";

const cardItem = (item: FeedItem): ReviewCardItem => ({
  type: item.type,
  id: item.id,
  title: item.title,
  snippet: item.type === "idea" ? item.content || item.originalContent : item.preview,
  tags: item.tags,
  createdAt: item.createdAt,
  pinned: item.pinned,
});

/** /review: 每日回顾 (the day's set, fixed for the day) and 那年今日 below it. */
export function ReviewScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const today = useQuery(reviewTodayQuery);
  const [notice, setNotice] = React.useState<{ tone: "success" | "error" | "info"; text: string } | null>(
    null,
  );
  const [excluded, setExcluded] = React.useState<ReviewCardItem | null>(null);
  const [busy, setBusy] = React.useState<string | null>(null);
  const [asking, setAsking] = React.useState<ReviewCardItem | null>(null);

  const patchToday = (change: (data: ReviewToday) => ReviewToday) =>
    queryClient.setQueryData<ReviewToday>(reviewKeys.today, (old) => (old ? change(old) : old));

  const act = async (item: ReviewCardItem, work: () => Promise<void>, failed: string) => {
    setBusy(item.id);
    setNotice(null);
    try {
      await work();
    } catch (e) {
      setNotice({ tone: "error", text: errorMessage(e, failed) });
    } finally {
      setBusy(null);
    }
  };

  const done = (item: ReviewCardItem) =>
    act(
      item,
      async () => {
        try {
          const answer = await markReviewDone(item.id);
          patchToday((old) => ({ ...old, done: answer.done }));
        } catch (e) {
          if (!isApiError(e) || e.status !== 404) throw e;
          // The set on screen is not today's any more: past midnight (Beijing), or the item was
          // deleted or taken out elsewhere. Show the set the server has now.
          await queryClient.invalidateQueries({ queryKey: ["review"] });
          setNotice({ tone: "info", text: "这一条已不在今天的回顾里（可能已过零点），已换成最新的一组。" });
        }
      },
      "标记失败",
    );

  const togglePin = (item: ReviewCardItem) =>
    act(
      item,
      async () => {
        const pinned = !item.pinned;
        if (item.type === "idea") await updateIdea(item.id, { pinned });
        else await updateNote(item.id, { pinned });
        patchToday((old) => ({
          ...old,
          items: old.items.map((i) => (i.id === item.id ? { ...i, pinned } : i)),
        }));
        void queryClient.invalidateQueries({ queryKey: itemKeys.item(item.type, item.id) });
        setNotice({ tone: "success", text: pinned ? "已置顶" : "已取消置顶" });
      },
      "保存失败",
    );

  const exclude = (item: ReviewCardItem) =>
    act(
      item,
      async () => {
        await excludeFromReview(item.id);
        setExcluded(item);
        void queryClient.invalidateQueries({ queryKey: reviewKeys.exclusion(item.id) });
        await queryClient.invalidateQueries({ queryKey: reviewKeys.today });
      },
      "操作失败",
    );

  const undoExclude = (item: ReviewCardItem) =>
    act(
      item,
      async () => {
        await includeInReview(item.id);
        setExcluded(null);
        void queryClient.invalidateQueries({ queryKey: reviewKeys.exclusion(item.id) });
        await queryClient.invalidateQueries({ queryKey: reviewKeys.today });
      },
      "撤销失败",
    );

  const open = (item: { type: "idea" | "note"; id: string }) =>
    void navigate(
      item.type === "idea"
        ? { to: "/ideas/$id", params: { id: item.id } }
        : { to: "/notes/$id", params: { id: item.id } },
    );

  const data = today.data;
  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <section aria-labelledby="review-title" className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <h1 id="review-title" className="font-bold text-2xl">
              每日回顾
            </h1>
            <p className="text-muted-foreground text-sm">
              每天从你今天以前记下的想法和笔记里挑几条（导入的按原来的日期算），多是很久没看过的；一天之内在各个设备上都是同一组。
            </p>
          </div>
          {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
          {excluded ? (
            <Alert
              tone="info"
              description={`「${excluded.title || plainTitle(excluded.snippet, 20)}」不再出现在每日回顾中。`}
            >
              <Button
                size="sm"
                variant="secondary"
                className="mt-2 max-md:h-11"
                onClick={() => void undoExclude(excluded)}
              >
                撤销
              </Button>
            </Alert>
          ) : null}
          {today.error ? <Alert tone="error" description={errorMessage(today.error, "加载失败")} /> : null}
          {today.isPending ? <PageLoading /> : null}
          {data && data.items.length === 0 ? <ReviewEmptyState kind="review" /> : null}
          {data?.items.length ? (
            <>
              <ReviewProgress done={data.done.length} total={data.items.length} />
              <ul className="flex flex-col gap-6" aria-label="今天要回顾的想法和笔记">
                {data.items.map((item) => (
                  <li key={item.id}>
                    <ReviewCard
                      item={cardItem(item)}
                      done={data.done.includes(item.id)}
                      busy={busy === item.id}
                      onOpen={open}
                      onDone={(i) => void done(i)}
                      onEdit={open}
                      onTogglePin={(i) => void togglePin(i)}
                      onAskAi={setAsking}
                      onExclude={(i) => void exclude(i)}
                    />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <OnThisDaySection onOpen={open} />
      </WebLayout>
      <Sheet
        side="bottom"
        title="问AI"
        open={asking !== null}
        onOpenChange={(next) => (next ? undefined : setAsking(null))}
        className="h-[85dvh] md:mx-auto md:max-w-2xl"
      >
        {asking ? (
          <div className="flex h-full flex-col [&>*]:min-h-0 [&>*]:flex-1">
            <SideChat
              key={asking.id}
              type={asking.type}
              id={asking.id}
              aiExcluded={
                asking.type === "idea" &&
                Boolean(data?.items.find((i) => i.id === asking.id && i.type === "idea" && i.aiExcluded))
              }
            />
          </div>
        ) : null}
      </Sheet>
    </AppShell>
  );
}

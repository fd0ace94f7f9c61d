import { Alert, PageLoading, ReviewEmptyState } from "@shinian/ui";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { errorMessage } from "../../api/client.ts";
import { onThisDayQuery } from "../../data/review.ts";
import { FeedList } from "../home/feed-list.tsx";

/** 那年今日: what was captured on this day in earlier years (or earlier months, in the first year). */
export function OnThisDaySection({
  onOpen,
}: {
  onOpen: (item: { type: "idea" | "note"; id: string }) => void;
}) {
  const navigate = useNavigate();
  const onThisDay = useQuery(onThisDayQuery);
  const data = onThisDay.data;
  return (
    <section aria-labelledby="on-this-day-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="on-this-day-title" className="font-bold text-xl">
          那年今日
        </h2>
        {data?.items.length ? (
          <p className="text-muted-foreground text-sm">
            {data.unit === "month"
              ? "还没有往年的今天，先看看往月的今天记下的。"
              : "往年的今天，你记下了这些。"}
          </p>
        ) : null}
      </div>
      {onThisDay.error ? (
        <Alert tone="error" description={errorMessage(onThisDay.error, "加载失败")} />
      ) : null}
      {onThisDay.isPending ? <PageLoading /> : null}
      {data && data.items.length === 0 ? <ReviewEmptyState kind="onThisDay" /> : null}
      {data?.items.length ? (
        <FeedList
          items={data.items}
          onOpen={onOpen}
          onTagClick={(tag) => void navigate({ to: "/", search: { tag } })}
        />
      ) : null}
    </section>
  );
}

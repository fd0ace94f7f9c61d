import { History } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { ConfirmDialog } from "../../primitives/confirm-dialog";
import { EmptyState } from "../../primitives/empty-state";
import { NoteDiff } from "./note-diff";

/** A note as it was before a save changed it, listed without its text. */
export type NoteHistoryVersion = {
  versionId: string;
  savedAt: string;
  title: string;
  tags: readonly string[];
};

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t, i) => t === b[i]);

const beijing = new Intl.DateTimeFormat("zh-CN", {
  timeZone: "Asia/Shanghai",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
/** A time as read in Beijing, e.g. 2026/6/15 14:30. */
export const formatBeijingTime = (iso: string) => beijing.format(new Date(iso));

export type NoteHistoryProps = React.ComponentProps<"div"> & {
  /** Newest first. */
  versions: readonly NoteHistoryVersion[];
  /** The note as it is now: each version is compared with it. */
  current: { title: string; content: string; tags: readonly string[] };
  /** The version shown (default: the newest). */
  chosenId?: string | undefined;
  onChoose?: (versionId: string) => void;
  /** The chosen version's text, fetched when chosen: undefined while it loads. */
  chosenContent?: string | undefined;
  /** Why the chosen version's text could not be fetched. */
  chosenError?: string | undefined;
  /** Runs after the person confirms; a returned promise keeps the dialog busy until it settles. */
  onRestore: (versionId: string) => unknown;
  /** Older versions exist beyond these. */
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  formatTime?: (iso: string) => string;
};

/** 历史版本: the versions of a note, each compared with the current text, and 恢复此版本 (confirmed). */
export function NoteHistory({
  versions,
  current,
  chosenId,
  onChoose,
  chosenContent,
  chosenError,
  onRestore,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  formatTime = formatBeijingTime,
  className,
  ...props
}: NoteHistoryProps) {
  const [confirming, setConfirming] = useState(false);
  const chosen = versions.find((v) => v.versionId === chosenId) ?? versions[0];
  const tagsDiffer = chosen ? !sameTags(chosen.tags, current.tags) : false;
  const sameTagSet =
    chosen && tagsDiffer
      ? chosen.tags.every((t) => current.tags.includes(t)) &&
        current.tags.every((t) => chosen.tags.includes(t))
      : false;
  // the same only when title, text and tags all are: a tags-only version is a change
  const same =
    chosen !== undefined &&
    chosen.title === current.title &&
    !tagsDiffer &&
    chosenContent === current.content;
  if (!chosen) {
    return (
      <EmptyState
        icon={<History aria-hidden />}
        title="还没有历史版本"
        description="每次保存修改后，修改前的版本会出现在这里。"
        className={className}
      />
    );
  }
  return (
    <div
      data-slot="note-history"
      className={cn("grid gap-4 md:grid-cols-[15rem_minmax(0,1fr)] md:items-start", className)}
      {...props}
    >
      <nav aria-label="历史版本列表" className="flex min-w-0 flex-col gap-2">
        <ul className="flex flex-col gap-1 max-md:max-h-56 max-md:overflow-y-auto">
          {versions.map((v) => (
            <li key={v.versionId}>
              <button
                type="button"
                data-slot="note-history-version"
                aria-current={v === chosen ? "true" : undefined}
                onClick={() => onChoose?.(v.versionId)}
                className={cn(
                  "flex w-full min-w-0 flex-col rounded-md border px-3 py-2 text-left text-sm",
                  "focus-visible:outline-2 focus-visible:outline-ring",
                  v === chosen
                    ? "border-primary bg-primary-soft text-primary-soft-foreground"
                    : "border-border bg-background text-foreground hover:bg-muted",
                )}
              >
                <time dateTime={v.savedAt} className="font-medium">
                  {formatTime(v.savedAt)}
                </time>
                <span className="truncate text-muted-foreground text-xs">{v.title}</span>
                {v.tags.length ? (
                  <span className="truncate text-muted-foreground text-xs">
                    {v.tags.map((t) => `#${t}`).join(" ")}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        {hasMore ? (
          <Button variant="ghost" size="sm" disabled={loadingMore} onClick={onLoadMore}>
            {loadingMore ? "加载中…" : "更早的版本"}
          </Button>
        ) : null}
      </nav>
      <section
        aria-label="此版本与当前内容的差异"
        className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-background p-4 text-foreground"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="min-w-0 font-semibold text-base">{formatTime(chosen.savedAt)} 的版本</h2>
          <Button size="sm" onClick={() => setConfirming(true)} className="max-md:h-11 max-md:w-full">
            恢复此版本
          </Button>
        </div>
        {chosen.title !== current.title ? (
          <p data-slot="note-history-title" className="break-words text-sm">
            标题：
            <del className="text-error-soft-foreground">
              <span className="sr-only">（删去：</span>
              {chosen.title}
              <span className="sr-only">）</span>
            </del>{" "}
            →{" "}
            <ins className="text-success-soft-foreground">
              <span className="sr-only">（加上：</span>
              {current.title}
              <span className="sr-only">）</span>
            </ins>
          </p>
        ) : null}
        {tagsDiffer ? (
          <p data-slot="note-history-tags" className="flex flex-wrap gap-x-2 gap-y-1 break-words text-sm">
            标签：
            {chosen.tags
              .filter((t) => !current.tags.includes(t))
              .map((t) => (
                <del key={`-${t}`} className="text-error-soft-foreground">
                  <span className="sr-only">（删去：</span>#{t}
                  <span className="sr-only">）</span>
                </del>
              ))}
            {current.tags
              .filter((t) => !chosen.tags.includes(t))
              .map((t) => (
                <ins key={`+${t}`} className="text-success-soft-foreground">
                  <span className="sr-only">（加上：</span>#{t}
                  <span className="sr-only">）</span>
                </ins>
              ))}
            {sameTagSet ? <span className="text-muted-foreground">顺序不同</span> : null}
          </p>
        ) : null}
        <p className="text-muted-foreground text-xs">
          与当前内容对比：绿色是此版本之后加上的，红色删除线是之后删去的。
        </p>
        {chosenError ? (
          <p role="alert" className="text-error-soft-foreground text-sm">
            {chosenError}
          </p>
        ) : chosenContent === undefined ? (
          <p className="text-muted-foreground text-sm" aria-busy="true">
            正文加载中…
          </p>
        ) : (
          <NoteDiff
            before={chosenContent}
            after={current.content}
            sameLabel={same ? "与当前内容相同" : "正文与当前相同"}
            className="max-h-[60vh] overflow-y-auto rounded-md bg-muted p-3"
          />
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="恢复此版本？"
        description={`笔记将恢复为 ${formatTime(chosen.savedAt)} 的版本，当前内容会保存为一个新的历史版本。`}
        confirmLabel="恢复此版本"
        onConfirm={() => onRestore(chosen.versionId)}
      />
    </div>
  );
}

import type * as React from "react";
import { useState } from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { Card, CardContent } from "../../primitives/card";
import { ConfirmDialog } from "../../primitives/confirm-dialog";

export type TrashListItemProps = React.ComponentProps<"div"> & {
  /** 想法 or 笔记. */
  noun: string;
  title: string;
  /** The start of its text. */
  preview: string;
  /** When it was deleted and when it goes for good, already formatted. */
  deletedAt: string;
  purgeAt: string;
  /** Whole days until it goes for good (0: today). */
  daysLeft: number;
  onRestore?: () => void;
  /** Runs after the person confirms; a returned promise keeps the dialog busy until it settles. */
  onDeleteForever?: () => unknown;
};

/** One item in 回收站: what it was, when it goes for good, 恢复 and 彻底删除 (confirmed). */
export function TrashListItem({
  noun,
  title,
  preview,
  deletedAt,
  purgeAt,
  daysLeft,
  onRestore,
  onDeleteForever,
  className,
  ...props
}: TrashListItemProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Card data-slot="trash-list-item" className={className} {...props}>
      <CardContent className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="truncate font-medium">
            <span className="mr-2 text-muted-foreground text-xs">{noun}</span>
            {title || preview.slice(0, 40) || "（无内容）"}
          </p>
          {title && preview ? <p className="line-clamp-2 text-muted-foreground text-sm">{preview}</p> : null}
          <p className="text-muted-foreground text-xs">
            <span
              data-slot="trash-days-left"
              className={cn("font-medium", daysLeft <= 3 ? "text-warning" : "text-foreground")}
            >
              {daysLeft > 0 ? `还剩 ${daysLeft} 天` : "今天将彻底删除"}
            </span>
            <span aria-hidden> · </span>
            删除于 {deletedAt}，将于 {purgeAt} 彻底删除
          </p>
        </div>
        <div className={cn("flex shrink-0 gap-2", "max-md:[&>button]:h-11 max-md:[&>button]:flex-1")}>
          <Button size="sm" onClick={onRestore}>
            恢复
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            彻底删除
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`彻底删除这条${noun}？`}
        description="彻底删除后无法恢复。"
        confirmLabel="彻底删除"
        tone="danger"
        onConfirm={() => onDeleteForever?.()}
      />
    </Card>
  );
}

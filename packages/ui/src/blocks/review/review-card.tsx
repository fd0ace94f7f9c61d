import { Check, EyeOff, MessageCircle, Pencil, Pin, PinOff } from "lucide-react";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { IdeaListItem } from "../idea-list-item";
import { NoteListItem } from "../note-list-item";

/** One idea or note of 每日回顾, in the feed's shape. */
export type ReviewCardItem = {
  type: "idea" | "note";
  id: string;
  title: string;
  /** Markdown, rendered as the feed's cards show it: an idea's content, the start of a note. */
  snippet: string;
  tags: readonly string[];
  createdAt: string | Date;
  pinned: boolean;
};

export type ReviewCardProps = Omit<React.ComponentProps<"div">, "children"> & {
  item: ReviewCardItem;
  /** Marked 记住了 today. */
  done?: boolean;
  now?: Date | number;
  onOpen: (item: ReviewCardItem) => void;
  onDone: (item: ReviewCardItem) => void;
  onEdit: (item: ReviewCardItem) => void;
  onTogglePin: (item: ReviewCardItem) => void;
  onAskAi: (item: ReviewCardItem) => void;
  onExclude: (item: ReviewCardItem) => void;
  /** An action of this card is under way: its buttons wait. */
  busy?: boolean;
  labels?: Partial<typeof defaultLabels>;
};

const defaultLabels = {
  done: "记住了",
  isDone: "已记住",
  edit: "编辑",
  pin: "置顶",
  unpin: "取消置顶",
  askAi: "问AI",
  exclude: "不再回顾",
  actions: "回顾操作",
};

// On phones every action is a 44 px tap target; on desktop the compact row of the feed.
const action = "max-md:h-11 max-md:px-3";

export function ReviewCard({
  item,
  done = false,
  now,
  onOpen,
  onDone,
  onEdit,
  onTogglePin,
  onAskAi,
  onExclude,
  busy = false,
  labels,
  className,
  ...props
}: ReviewCardProps) {
  const l = { ...defaultLabels, ...labels };
  const entry =
    item.type === "idea" ? (
      <IdeaListItem idea={{ ...item, snippet: item.snippet }} now={now} onOpen={() => onOpen(item)} />
    ) : (
      <NoteListItem note={{ ...item }} now={now} onOpen={() => onOpen(item)} />
    );
  return (
    <div
      data-slot="review-card"
      data-state={done ? "done" : "open"}
      className={cn("flex flex-col gap-2", className)}
      {...props}
    >
      {entry}
      <fieldset aria-label={l.actions} className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0">
        <Button
          size="sm"
          variant={done ? "secondary" : "primary"}
          className={action}
          disabled={done || busy}
          onClick={() => onDone(item)}
        >
          <Check aria-hidden className="size-4" />
          {done ? l.isDone : l.done}
        </Button>
        <Button size="sm" variant="secondary" className={action} onClick={() => onEdit(item)}>
          <Pencil aria-hidden className="size-4" />
          {l.edit}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          className={action}
          aria-pressed={item.pinned}
          disabled={busy}
          onClick={() => onTogglePin(item)}
        >
          {item.pinned ? <PinOff aria-hidden className="size-4" /> : <Pin aria-hidden className="size-4" />}
          {item.pinned ? l.unpin : l.pin}
        </Button>
        <Button size="sm" variant="secondary" className={action} onClick={() => onAskAi(item)}>
          <MessageCircle aria-hidden className="size-4" />
          {l.askAi}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className={cn(action, "text-muted-foreground")}
          disabled={busy}
          onClick={() => onExclude(item)}
        >
          <EyeOff aria-hidden className="size-4" />
          {l.exclude}
        </Button>
      </fieldset>
    </div>
  );
}

import { cva } from "class-variance-authority";
import { Pencil, Trash2 } from "lucide-react";
import * as React from "react";
import { formatRelativeTime } from "../../lib/relative-time";
import { IconButton } from "../../primitives/icon-button";
import { ConversationTitleInput } from "./conversation-title-input";

export const conversationRowVariants = cva(
  "group relative flex min-h-12 items-center gap-1 rounded-md pr-1 transition-colors",
  {
    variants: {
      active: {
        true: "bg-primary-soft text-primary-soft-foreground",
        false: "text-foreground hover:bg-muted",
      },
    },
    defaultVariants: { active: false },
  },
);

export type ConversationSummary = {
  id: string;
  /** `null` or blank shows the untitled label. */
  title: string | null;
  /** ISO date of the last message or rename. */
  updatedAt: string;
};

export type ConversationItemProps = {
  conversation: ConversationSummary;
  active: boolean;
  editing: boolean;
  now: Date | number;
  titleMaxLength: number;
  untitledLabel: string;
  titleInputLabel: string;
  renameLabel: (title: string) => string;
  deleteLabel: (title: string) => string;
  onSelect: () => void;
  onStartRename: () => void;
  onEndRename: (title: string | null) => void;
  onStartDelete: () => void;
};

export function ConversationItem({
  conversation,
  active,
  editing,
  now,
  titleMaxLength,
  untitledLabel,
  titleInputLabel,
  renameLabel,
  deleteLabel,
  onSelect,
  onStartRename,
  onEndRename,
  onStartDelete,
}: ConversationItemProps) {
  const selectRef = React.useRef<HTMLButtonElement>(null);
  const wasEditing = React.useRef(editing);
  React.useEffect(() => {
    if (wasEditing.current && !editing) selectRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const ownTitle = conversation.title?.trim() ?? "";
  const title = ownTitle || untitledLabel;
  const date = new Date(conversation.updatedAt);
  return (
    <li
      data-slot="conversation-item"
      data-active={active || undefined}
      data-editing={editing || undefined}
      className={conversationRowVariants({ active })}
    >
      {editing ? (
        <div className="flex-1 py-1.5 pl-1.5">
          <ConversationTitleInput
            initialTitle={ownTitle}
            maxLength={titleMaxLength}
            label={titleInputLabel}
            onCancel={() => onEndRename(null)}
            onSave={(next) => onEndRename(next === ownTitle ? null : next)}
          />
        </div>
      ) : (
        <>
          <button
            ref={selectRef}
            type="button"
            data-slot="conversation-item-select"
            aria-current={active ? "page" : undefined}
            onClick={onSelect}
            className="flex min-w-0 flex-1 cursor-pointer flex-col items-start gap-0.5 rounded-md py-2 pl-3 text-left outline-none after:absolute after:inset-0 after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            <span
              data-slot="conversation-item-title"
              data-untitled={!ownTitle || undefined}
              className="w-full truncate text-sm font-medium data-[untitled]:font-normal data-[untitled]:text-muted-foreground"
            >
              {title}
            </span>
            <time
              dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}
              className="text-xs text-muted-foreground"
            >
              {formatRelativeTime(date, now)}
            </time>
          </button>
          <div
            data-slot="conversation-item-actions"
            className="relative flex shrink-0 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 group-data-[active]:opacity-100 pointer-coarse:opacity-100"
          >
            <IconButton size="sm" label={renameLabel(title)} onClick={onStartRename}>
              <Pencil aria-hidden />
            </IconButton>
            <IconButton size="sm" label={deleteLabel(title)} onClick={onStartDelete}>
              <Trash2 aria-hidden />
            </IconButton>
          </div>
        </>
      )}
    </li>
  );
}

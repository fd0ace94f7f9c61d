import { MessagesSquare, Plus } from "lucide-react";
import * as React from "react";
import { cn } from "../../lib/cn";
import { Button } from "../../primitives/button";
import { ConfirmDialog } from "../../primitives/confirm-dialog";
import { EmptyState } from "../../primitives/empty-state";
import { ConversationItem, type ConversationSummary } from "./conversation-item";

export type ConversationListProps = Omit<React.ComponentProps<"nav">, "onSelect"> & {
  /** In the order to show them (newest first). */
  conversations: readonly ConversationSummary[];
  activeId?: string | null;
  /** The moment relative times are measured from. */
  now?: Date | number;
  onSelect: (id: string) => void;
  onCreate: () => void;
  /** Called with a trimmed, non-blank title (at most `titleMaxLength` characters) that differs from the old one. */
  onRename: (id: string, title: string) => void;
  /** Called after the user confirms; a returned promise keeps the dialog busy until it settles. */
  onDelete: (id: string) => unknown;
  /** Shows placeholder rows instead of the list. */
  loading?: boolean;
  titleMaxLength?: number;
  listLabel?: string;
  createLabel?: string;
  untitledLabel?: string;
  emptyText?: string;
  loadingLabel?: string;
  renameLabel?: (title: string) => string;
  deleteLabel?: (title: string) => string;
  titleInputLabel?: string;
  deleteTitle?: string;
  deleteDescription?: string;
  deleteConfirmLabel?: string;
};

export function ConversationList({
  conversations,
  activeId,
  now = new Date(),
  onSelect,
  onCreate,
  onRename,
  onDelete,
  loading = false,
  titleMaxLength = 50,
  listLabel = "对话列表",
  createLabel = "新对话",
  untitledLabel = "未命名对话",
  emptyText = "还没有对话，问点什么吧",
  loadingLabel = "正在加载对话",
  renameLabel = (title) => `重命名 ${title}`,
  deleteLabel = (title) => `删除 ${title}`,
  titleInputLabel = "对话标题",
  deleteTitle = "删除这个对话？",
  deleteDescription = "对话中的消息将一并删除，无法恢复。",
  deleteConfirmLabel = "删除",
  className,
  ...props
}: ConversationListProps) {
  const [editingId, setEditingId] = React.useState<string | null>(null);
  const [deletingId, setDeletingId] = React.useState<string | null>(null);
  const state = loading ? "loading" : conversations.length === 0 ? "empty" : "ready";

  return (
    <nav
      data-slot="conversation-list"
      data-state={state}
      aria-label={listLabel}
      aria-busy={loading || undefined}
      className={cn("flex min-w-0 flex-col gap-3", className)}
      {...props}
    >
      <Button variant="secondary" onClick={onCreate} className="justify-start">
        <Plus aria-hidden className="text-primary" />
        {createLabel}
      </Button>
      {state === "loading" ? (
        <div data-slot="conversation-list-loading" className="flex flex-col gap-0.5">
          <span className="sr-only">{loadingLabel}</span>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} aria-hidden className="flex h-14 flex-col justify-center gap-2 px-3">
              <span className="h-3.5 w-3/4 rounded-sm bg-muted motion-safe:animate-pulse" />
              <span className="h-3 w-1/3 rounded-sm bg-muted motion-safe:animate-pulse" />
            </div>
          ))}
        </div>
      ) : null}
      {state === "empty" ? <EmptyState size="sm" icon={<MessagesSquare />} title={emptyText} /> : null}
      {state === "ready" ? (
        <ul data-slot="conversation-list-items" className="flex flex-col gap-0.5">
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.id}
              conversation={conversation}
              active={conversation.id === activeId}
              editing={conversation.id === editingId}
              now={now}
              titleMaxLength={titleMaxLength}
              untitledLabel={untitledLabel}
              titleInputLabel={titleInputLabel}
              renameLabel={renameLabel}
              deleteLabel={deleteLabel}
              onSelect={() => onSelect(conversation.id)}
              onStartRename={() => setEditingId(conversation.id)}
              onEndRename={(title) => {
                setEditingId(null);
                if (title !== null) onRename(conversation.id, title);
              }}
              onStartDelete={() => setDeletingId(conversation.id)}
            />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deletingId !== null}
        onOpenChange={(open) => {
          if (!open) setDeletingId(null);
        }}
        tone="danger"
        title={deleteTitle}
        description={deleteDescription}
        confirmLabel={deleteConfirmLabel}
        onConfirm={() => (deletingId === null ? undefined : onDelete(deletingId))}
      />
    </nav>
  );
}

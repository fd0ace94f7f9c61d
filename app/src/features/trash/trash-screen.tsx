import type { TrashItem } from "@shinian/contract";
import { Alert, Button, ConfirmDialog, EmptyState, PageLoading, TrashListItem, WebLayout } from "@shinian/ui";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { errorMessage } from "../../api/client.ts";
import { itemKeys } from "../../data/items.ts";
import { deleteFromTrash, emptyTrash, restoreFromTrash, trashKeys, trashQuery } from "../../data/trash.ts";
import { formatDateTime } from "../../lib/format-date-time.ts";
import { markdownToPlain } from "../../lib/markdown-text.ts";
import { AppShell } from "../layout/app-shell.tsx";
import { daysLeft } from "./trash-days.ts";

const noun = (item: TrashItem) => (item.type === "idea" ? "想法" : "笔记");

/** /trash: what was deleted, each restorable until it is deleted for good. */
export function TrashScreen() {
  const queryClient = useQueryClient();
  const trash = useQuery(trashQuery);
  const [notice, setNotice] = React.useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [emptying, setEmptying] = React.useState(false);

  // Each action reports in one line and reads the trash again; the item's own cache entries go.
  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setNotice(null);
    try {
      await work();
      setNotice({ tone: "success", text: done });
    } catch (e) {
      setNotice({ tone: "error", text: errorMessage(e, failed) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: trashKeys.list });
    }
  };
  const items = trash.data?.items ?? [];

  return (
    <AppShell backHome>
      <WebLayout className="flex flex-col gap-6 py-4 md:py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-bold text-2xl">回收站</h1>
          {items.length ? (
            <Button variant="secondary" className="max-md:h-11" onClick={() => setEmptying(true)}>
              清空回收站
            </Button>
          ) : null}
        </div>
        {trash.data ? (
          <p className="text-muted-foreground text-sm">
            删除的想法和笔记会在这里保留 {trash.data.keepDays} 天，期间可以恢复；之后会被彻底删除。
          </p>
        ) : null}
        {notice ? <Alert tone={notice.tone} description={notice.text} /> : null}
        {trash.error ? <Alert tone="error" description={errorMessage(trash.error, "加载失败")} /> : null}
        {trash.isPending ? <PageLoading /> : null}
        {trash.data && !items.length ? (
          <EmptyState title="回收站是空的" description="删除的想法和笔记会出现在这里。" />
        ) : null}
        <ul className="flex flex-col gap-3" aria-label="回收站里的内容">
          {items.map((item) => (
            <li key={item.id}>
              <TrashListItem
                noun={noun(item)}
                title={item.title}
                preview={markdownToPlain(item.preview)}
                deletedAt={formatDateTime(item.deletedAt)}
                purgeAt={formatDateTime(item.purgeAt)}
                daysLeft={daysLeft(item.purgeAt)}
                onRestore={() => {
                  queryClient.removeQueries({ queryKey: itemKeys.item(item.type, item.id) });
                  void act(() => restoreFromTrash(item.id), `${noun(item)}已恢复`, "恢复失败");
                }}
                onDeleteForever={() => act(() => deleteFromTrash(item.id), "已彻底删除", "删除失败")}
              />
            </li>
          ))}
        </ul>
        <ConfirmDialog
          open={emptying}
          onOpenChange={setEmptying}
          title="清空回收站？"
          description={`回收站里的 ${items.length} 条内容将被彻底删除，无法恢复。`}
          confirmLabel="清空"
          tone="danger"
          onConfirm={() => act(emptyTrash, "回收站已清空", "清空失败")}
        />
      </WebLayout>
    </AppShell>
  );
}

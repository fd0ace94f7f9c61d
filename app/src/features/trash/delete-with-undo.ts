import { errorMessage } from "../../api/client.ts";
import { deleteIdea, deleteNote } from "../../api/items.ts";
import { restoreFromTrash } from "../../api/trash.ts";
import { type ItemKind, itemKeys } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { reviewKeys } from "../../data/review.ts";
import { trashKeys } from "../../data/trash.ts";
import { itemsChanged } from "../../lib/items-changed.ts";
import { toaster } from "../../lib/toaster.ts";
import { preloadToastView } from "../layout/toaster-host.tsx";

export type DeletedItem = { kind: ItemKind; id: string };

const nounOf = (items: DeletedItem[]) =>
  items.length > 1 ? `${items.length} 条内容` : items[0]?.kind === "note" ? "笔记" : "想法";

const forget = (items: DeletedItem[]) => {
  for (const item of items) queryClient.removeQueries({ queryKey: itemKeys.item(item.kind, item.id) });
  void queryClient.invalidateQueries({ queryKey: trashKeys.list });
  void queryClient.invalidateQueries({ queryKey: reviewKeys.today });
};

/**
 * Moves ideas and notes to 回收站, then offers 撤销 in a toast on whatever screen comes next;
 * 撤销 restores them from 回收站 (where they also stay restorable for TRASH_DAYS). Throws when
 * the first delete fails (nothing was deleted); a later failure keeps those deleted so far.
 */
export async function deleteWithUndo(items: DeletedItem[]): Promise<void> {
  preloadToastView();
  const done: DeletedItem[] = [];
  try {
    for (const item of items) {
      await (item.kind === "idea" ? deleteIdea(item.id) : deleteNote(item.id));
      done.push(item);
    }
  } finally {
    if (done.length) {
      forget(done);
      toaster.show({
        message: `${nounOf(done)}已移到回收站`,
        action: { label: "撤销", run: () => void undo(done) },
      });
    }
  }
}

async function undo(items: DeletedItem[]) {
  try {
    for (const item of items) await restoreFromTrash(item.id);
    toaster.show({ message: `${nounOf(items)}已恢复` });
  } catch (e) {
    toaster.show({
      tone: "error",
      message: `撤销失败：${errorMessage(e, "请稍后再试")}。可以在回收站里恢复。`,
    });
  } finally {
    forget(items);
    itemsChanged.emit();
  }
}

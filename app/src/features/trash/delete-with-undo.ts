import { errorMessage } from "../../api/client.ts";
import { deleteIdea, deleteNote } from "../../api/item-changes.ts";
import { type ItemKind, itemKeys } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { reviewKeys } from "../../data/review.ts";
import { restoreFromTrash, trashKeys } from "../../data/trash.ts";
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
 * 撤销 restores them from 回收站 (where they also stay restorable for the server limit `trashDays`).
 * Throws when the first delete fails (nothing was deleted); a later failure keeps those deleted so far.
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

/** Each item on its own: one that cannot come back (restored already, a network blip) stops no other. */
async function undo(items: DeletedItem[]) {
  const back: DeletedItem[] = [];
  let error: unknown;
  for (const item of items) {
    try {
      await restoreFromTrash(item.id);
      back.push(item);
    } catch (e) {
      error ??= e;
    }
  }
  forget(items);
  itemsChanged.emit();
  if (!error) return toaster.show({ message: `${nounOf(items)}已恢复` });
  const left = items.length - back.length;
  toaster.show({
    tone: "error",
    message: `${back.length ? `已恢复 ${back.length} 条，` : ""}${left} 条撤销失败：${errorMessage(error, "请稍后再试")}。可以在回收站里恢复。`,
  });
}

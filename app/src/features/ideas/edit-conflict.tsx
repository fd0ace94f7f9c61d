import { Alert, Button } from "@shinian/ui";
import type { LoadedItem } from "../../data/items.ts";

/**
 * What another tab or device saved while this editor held an older version (the server's 409).
 * The person's own words stay in the editor; they choose to keep them (saving over the other
 * version) or to take the other version instead.
 */
export function EditConflict({
  theirs,
  title,
  onKeepMine,
  onTakeTheirs,
}: {
  theirs: LoadedItem;
  /** The server's words: 这条想法已在别处修改过 / 这篇笔记已在别处修改过. */
  title: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const saved = new Date(theirs.item.updatedAt).toLocaleString("zh-CN");
  return (
    <section aria-label="另一处保存的版本" className="flex flex-col gap-3">
      <Alert
        tone="warning"
        title={title}
        description={`你的修改还在上面的编辑框里，没有丢失。另一处在 ${saved} 保存的版本如下：`}
      />
      <div className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md border border-border bg-background p-3 text-sm">
        {theirs.item.title ? <p className="mb-2 font-semibold">{theirs.item.title}</p> : null}
        {theirs.item.content}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onTakeTheirs}>
          改用这个版本
        </Button>
        <Button onClick={onKeepMine}>保留我的并覆盖</Button>
      </div>
    </section>
  );
}

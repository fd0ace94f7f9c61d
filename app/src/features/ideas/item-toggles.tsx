import { Button } from "@shinian/ui";
import * as React from "react";
import { setArchived } from "../../api/archive.ts";
import { errorMessage } from "../../api/client.ts";
import { updateIdea, updateNote } from "../../api/item-changes.ts";
import type { LoadedItem } from "../../data/items.ts";
import { ReviewExclusionButton } from "../review/review-exclusion-button.tsx";

export type ItemMessage = { tone: "success" | "error"; text: string };

type ItemTogglesProps = {
  loaded: LoadedItem;
  onSaved: (saved: LoadedItem) => void;
  onMessage: (message: ItemMessage) => void;
};

/** 置顶, 不让AI读取, 归档 and 不再回顾: each saves when tapped, as on 每日回顾 (not with the form's 保存). */
export function ItemToggles({ loaded, onSaved, onMessage }: ItemTogglesProps) {
  const { item } = loaded;
  const [busy, setBusy] = React.useState<"pinned" | "aiExcluded" | "archived" | null>(null);
  const archived = Boolean(item.archivedAt);

  const archive = async () => {
    setBusy("archived");
    try {
      const { archivedAt } = await setArchived(loaded.kind, item.id, !archived);
      const { archivedAt: _, ...rest } = loaded.item;
      const next = archivedAt ? { ...rest, archivedAt } : rest;
      onSaved(
        loaded.kind === "idea"
          ? { kind: "idea", item: next as typeof loaded.item }
          : { kind: "note", item: next as typeof loaded.item },
      );
      onMessage({ tone: "success", text: archivedAt ? "已归档，不再出现在首页" : "已取消归档，回到首页" });
    } catch (e) {
      onMessage({ tone: "error", text: errorMessage(e, "保存失败") });
    } finally {
      setBusy(null);
    }
  };

  const save = async (field: "pinned" | "aiExcluded", next: boolean, said: string) => {
    setBusy(field);
    try {
      if (loaded.kind === "idea") {
        onSaved({ kind: "idea", item: await updateIdea(item.id, { [field]: next }) });
      } else {
        // a note's save answers without its text, which this did not change
        const saved = await updateNote(item.id, { pinned: next });
        onSaved({ kind: "note", item: { ...loaded.item, ...saved, content: loaded.item.content } });
      }
      onMessage({ tone: "success", text: said });
    } catch (e) {
      onMessage({ tone: "error", text: errorMessage(e, "保存失败") });
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button
        variant={item.pinned ? "primary" : "secondary"}
        size="sm"
        className="max-md:h-11"
        aria-pressed={item.pinned}
        loading={busy === "pinned"}
        onClick={() =>
          void save("pinned", !item.pinned, item.pinned ? "已取消置顶" : "已置顶，首页会排在最前")
        }
      >
        {item.pinned ? "已置顶" : "置顶"}
      </Button>
      {loaded.kind === "idea" ? (
        <Button
          variant={loaded.item.aiExcluded ? "primary" : "secondary"}
          size="sm"
          className="max-md:h-11"
          aria-pressed={loaded.item.aiExcluded}
          loading={busy === "aiExcluded"}
          onClick={() =>
            void save(
              "aiExcluded",
              !loaded.item.aiExcluded,
              loaded.item.aiExcluded ? "AI 可以读取这条想法了" : "已设为不让AI读取",
            )
          }
        >
          不让AI读取
        </Button>
      ) : null}
      <Button
        variant={archived ? "primary" : "secondary"}
        size="sm"
        className="max-md:h-11"
        aria-pressed={archived}
        loading={busy === "archived"}
        onClick={() => void archive()}
      >
        {archived ? "已归档" : "归档"}
      </Button>
      <ReviewExclusionButton itemId={item.id} onMessage={onMessage} />
    </>
  );
}

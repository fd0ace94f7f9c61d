import type { FeedItem } from "@shinian/contract";
import { SIGNED_IN_BODY_BYTES } from "@shinian/contract/constants";
import { removeTagFromText } from "@shinian/contract/tags";
import { errorMessage } from "../../api/client.ts";
import { editItems, updateIdea, updateNote } from "../../api/item-changes.ts";
import { fetchNote } from "../../api/items.ts";
import { itemKeys } from "../../data/items.ts";
import { queryClient } from "../../data/query-client.ts";
import { itemsChanged } from "../../lib/items-changed.ts";
import { toaster } from "../../lib/toaster.ts";
import { preloadToastView } from "../layout/toaster-host.tsx";

/** What an edit changed on one item, to put back on 撤销: its tags and (when cut) its text. */
type Before = {
  type: "idea" | "note";
  id: string;
  tags: string[];
  content?: string;
  /** The item's time after the edit: 撤销 refuses to overwrite a later edit made elsewhere. */
  after: string;
};

type Patch = { tags: string[]; content?: string };

const save = async (type: "idea" | "note", id: string, patch: Patch, base: string) =>
  (type === "idea"
    ? await updateIdea(id, { ...patch, baseUpdatedAt: base })
    : await updateNote(id, { ...patch, baseUpdatedAt: base })
  ).updatedAt;

/** The words an item's tags are typed in: the idea's shown words, the note's whole text. */
async function textOf(item: FeedItem): Promise<string> {
  if (item.type === "idea") return item.content;
  return (await fetchNote(item.id)).content;
}

async function addPatch(item: FeedItem, tag: string): Promise<[Patch, Patch] | null> {
  if (item.tags.includes(tag)) return null;
  return [{ tags: [...item.tags, tag] }, { tags: item.tags }];
}

/** Off the tags and out of the text (else the next save would take it from the text again). */
async function removePatch(item: FeedItem, tag: string): Promise<[Patch, Patch] | null> {
  if (!item.tags.includes(tag)) return null;
  const text = await textOf(item);
  const cut = removeTagFromText(text, tag);
  const tags = item.tags.filter((t) => t !== tag);
  return cut === text
    ? [{ tags }, { tags: item.tags }]
    : [
        { tags, content: cut },
        { tags: item.tags, content: text },
      ];
}

const forget = (items: { type: "idea" | "note"; id: string }[]) => {
  for (const item of items) queryClient.removeQueries({ queryKey: itemKeys.item(item.type, item.id) });
  itemsChanged.emit();
};

export type BatchTagResult = { changed: number; failed: number; error?: string };

/**
 * Adds `tag` to the chosen items, or takes it off them (out of their text too), one request per
 * item (the same edit, limits and stale-edit check as a single save), then offers 撤销 in a toast,
 * which puts back every changed item's previous tags and text in one request, or none of them.
 */
export async function editTagWithUndo(
  items: readonly FeedItem[],
  tag: string,
  mode: "add" | "remove",
  /** 取消 while it runs: the items not reached yet stay as they are (those done can be undone). */
  signal?: AbortSignal,
): Promise<BatchTagResult> {
  preloadToastView();
  const done: Before[] = [];
  let failed = 0;
  let error: string | undefined;
  for (const item of items) {
    if (signal?.aborted) break;
    try {
      const patches = await (mode === "add" ? addPatch(item, tag) : removePatch(item, tag));
      if (!patches) continue;
      const [next, previous] = patches;
      const after = await save(item.type, item.id, next, item.updatedAt);
      done.push({ type: item.type, id: item.id, ...previous, after });
    } catch (e) {
      failed += 1;
      error ??= errorMessage(e, "修改失败");
    }
  }
  // a refusal (edited elsewhere) needs the items as they are now, or a second try fails the same way
  if (failed && !done.length) itemsChanged.emit();
  if (done.length) {
    forget(done);
    const verb =
      mode === "add" ? `已为 ${done.length} 条内容加上 #${tag}` : `已从 ${done.length} 条内容去掉 #${tag}`;
    const stopped = signal?.aborted && done.length + failed < items.length ? "，其余已取消" : "";
    const message = (failed ? `${verb}，${failed} 条未能修改` : verb) + stopped;
    // the server would refuse the whole 撤销 as too large: say so now, not after a tap
    if (undoBytes(done) > SIGNED_IN_BODY_BYTES)
      toaster.show({ message: `${message}（改动的文字太多，不能撤销）` });
    else toaster.show({ message, action: { label: "撤销", run: () => void undo(done) } });
  }
  return { changed: done.length, failed, error };
}

const undoEdits = (done: Before[]) =>
  done.map(({ type, id, tags, content, after }) => ({
    type,
    id,
    tags,
    ...(content === undefined ? {} : { content }),
    baseUpdatedAt: after,
  }));

const undoBytes = (done: Before[]) =>
  new TextEncoder().encode(JSON.stringify({ edits: undoEdits(done) })).length;

/** One request: every item back as it was, or, when one was edited elsewhere since, none. */
async function undo(done: Before[]) {
  try {
    await editItems(undoEdits(done));
    toaster.show({ message: `已撤销，${done.length} 条内容的标签已复原` });
  } catch (e) {
    toaster.show({ tone: "error", message: `没有撤销：${errorMessage(e, "网络有问题，请重试")}` });
  } finally {
    forget(done);
  }
}
